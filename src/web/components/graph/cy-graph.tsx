import cytoscape, { type Core, type NodeCollection, type ElementDefinition, type LayoutOptions, type StylesheetJson } from 'cytoscape';
import { useEffect, useRef } from 'react';
import { newcomersLayout } from './graph-layouts';
import { loadPositions, placeNear, savePositions, type Point } from './positions';

function currentPositions(nodes: NodeCollection): Record<string, Point> {
  const out: Record<string, Point> = {};
  nodes.forEach((n) => {
    if (!n.isParent()) out[n.id()] = { ...n.position() };
  });
  return out;
}

/**
 * A Cytoscape graph. The instance is created once on a div React never re-renders (it has no React
 * children); new elements are applied in one cy.batch: removed ones dropped, kept ones updated in
 * place. With `keepPositions`, nodes already drawn never move: only newcomers are laid out, beside
 * their neighbours (or in a ring beside the drawing when they have none placed), and positions survive
 * visits under `persistKey` (in localStorage; the caller puts the account in it). Destroyed on unmount.
 */
export function CyGraph({
  elements,
  stylesheet,
  layout,
  keepPositions = false,
  persistKey,
  onNodeTap,
  onReady,
  label,
  className = 'h-[36rem]',
}: {
  elements: ElementDefinition[];
  stylesheet: StylesheetJson;
  layout: LayoutOptions;
  keepPositions?: boolean;
  persistKey?: string;
  onNodeTap?: (data: Record<string, unknown>) => void;
  onReady?: (cy: Core | null) => void;
  label: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const cyRef = useRef<Core | null>(null);
  const tap = useRef(onNodeTap);
  useEffect(() => {
    tap.current = onNodeTap;
  });

  useEffect(() => {
    const cy = cytoscape({ container: box.current, style: stylesheet, wheelSensitivity: 0.3, minZoom: 0.1, maxZoom: 4 });
    cy.on('tap', 'node', (e) => tap.current?.(e.target.data() as Record<string, unknown>));
    cy.on('dragfree', 'node', () => savePositions(persistKey, currentPositions(cy.nodes())));
    cyRef.current = cy;
    onReady?.(cy);
    return () => {
      onReady?.(null);
      cy.destroy();
      cyRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the instance lives as long as the component; style and callbacks are read through refs or below.
  }, []);

  useEffect(() => {
    cyRef.current?.style(stylesheet);
  }, [stylesheet]);

  useEffect(() => {
    const cy = cyRef.current;
    if (!cy) return;
    const first = cy.elements().length === 0;
    const wanted = new Set(elements.map((e) => e.data.id));
    const saved = keepPositions ? loadPositions(persistKey) : {};
    let added = cy.collection();
    cy.batch(() => {
      cy.elements().filter((e) => !wanted.has(e.id())).remove();
      for (const def of elements) {
        const id = def.data.id!;
        const have = cy.getElementById(id);
        if (have.nonempty()) {
          have.data(def.data);
          have.classes(def.classes ?? '');
        } else {
          const pos = saved[id];
          added = added.union(cy.add(pos ? { ...def, position: pos } : def));
        }
      }
    });
    const newcomers = added.nodes().filter((n) => !saved[n.id()]);
    const t0 = performance.now();
    if (!keepPositions || (first && newcomers.length === added.nodes().length)) {
      cy.layout(layout).run();
    } else if (newcomers.length > 0) {
      const near = placeNear(newcomers.map((n) => n.id()), (id) => cy.getElementById(id).neighborhood('node').map((n) => n.id()), currentPositions(cy.nodes().not(newcomers)));
      const apart = newcomers.filter((n) => !near[n.id()]);
      newcomers.forEach((n) => {
        const p = near[n.id()];
        if (p) n.position(p);
      });
      if (apart.nonempty()) {
        const bb = cy.elements().not(apart).boundingBox();
        apart.layout(newcomersLayout({ x1: bb.x2 + 80, y1: bb.y1, w: 300, h: Math.max(200, bb.h) })).run();
      }
    }
    // The time of the last layout, on the element: the end-to-end tests check that a layout ran, npm run bench:web prints it.
    box.current?.setAttribute('data-layout-ms', String(Math.round(performance.now() - t0)));
    if (first || newcomers.length > 0) {
      cy.fit(undefined, 24);
      // A small graph fitted to a large box would be drawn with huge labels.
      if (cy.zoom() > 1.2) {
        cy.zoom(1.2);
        cy.center();
      }
    }
    if (keepPositions) savePositions(persistKey, currentPositions(cy.nodes()));
  }, [elements, layout, keepPositions, persistKey]);

  return <div ref={box} role="img" aria-label={label} className={`w-full rounded border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900 ${className}`} />;
}
