import type { LayoutOptions } from 'cytoscape';

// Layouts are synchronous and unanimated: a few hundred nodes settle in well under a second, and
// nothing moves under the pointer afterwards. The iteration caps bound the worst case.

/** Force-directed layout that respects compound nodes (servers holding processes). */
export const traceLayout: LayoutOptions = {
  name: 'cose',
  animate: false,
  randomize: false,
  fit: true,
  padding: 24,
  nodeDimensionsIncludeLabels: true,
  idealEdgeLength: () => 140,
  nodeRepulsion: () => 40000,
  nodeOverlap: 40,
  componentSpacing: 120,
  nestingFactor: 1.2,
  numIter: 800,
} as LayoutOptions;

/** The whole topology, on first draw. */
export const topologyLayout: LayoutOptions = { ...traceLayout, idealEdgeLength: () => 220, nodeRepulsion: () => 80000, numIter: 800 } as LayoutOptions;

/** Only the nodes new since the last draw, in a ring beside the ones already placed (which keep their positions). */
export function newcomersLayout(box: { x1: number; y1: number; w: number; h: number }): LayoutOptions {
  return { name: 'circle', animate: false, fit: false, boundingBox: box, avoidOverlap: true } as LayoutOptions;
}
