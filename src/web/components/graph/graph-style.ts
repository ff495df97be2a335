import type { StylesheetJson } from 'cytoscape';

/** Colours of a graph per theme: the canvas is white in light mode and slate-900 in dark mode. */
function ink(dark: boolean) {
  return {
    text: dark ? '#e2e8f0' : '#334155',
    line: dark ? '#64748b' : '#94a3b8',
    // Labels sit on a plate of the canvas colour, so they stay readable over edges and each other.
    plate: dark ? '#0f172a' : '#ffffff',
    node: dark ? '#2dd4bf' : '#0f766e',
    muted: dark ? '#475569' : '#94a3b8',
    slow: dark ? '#f87171' : '#dc2626',
    external: dark ? '#a78bfa' : '#7c3aed',
    selected: dark ? '#fbbf24' : '#d97706',
    changed: dark ? '#fbbf24' : '#b45309',
  };
}

const label = (c: ReturnType<typeof ink>, size: number) => ({
  label: 'data(label)',
  'font-size': size,
  color: c.text,
  'text-background-color': c.plate,
  'text-background-opacity': 0.85,
  'text-background-padding': '2px',
  'text-max-width': '140px',
  'text-wrap': 'ellipsis' as const,
});

/** Stylesheet of the trace graph: servers as compound boxes, processes, External, the slowest path in red, a diff's changes in amber. */
export function traceStyle(dark: boolean): StylesheetJson {
  const c = ink(dark);
  return [
    { selector: 'node', style: { ...label(c, 11), 'text-wrap': 'wrap', 'text-valign': 'bottom', 'text-margin-y': 4 } },
    { selector: 'node.process', style: { 'background-color': c.node, width: 26, height: 26 } },
    { selector: 'node.external', style: { shape: 'diamond', 'background-color': c.external, width: 34, height: 34 } },
    { selector: 'node.initial', style: { 'border-width': 3, 'border-color': '#f59e0b' } },
    { selector: 'node.slow', style: { 'background-color': c.slow } },
    {
      selector: 'node.server',
      style: { shape: 'round-rectangle', 'background-color': c.line, 'background-opacity': 0.12, 'border-width': 1, 'border-color': c.line, 'text-valign': 'top', 'text-margin-y': -4, 'font-weight': 'bold', padding: '14px' },
    },
    {
      selector: 'edge',
      style: { ...label(c, 10), width: 1.5, 'line-color': c.line, 'target-arrow-color': c.line, 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', 'text-rotation': 'autorotate' },
    },
    { selector: 'edge.slow', style: { width: 3, 'line-color': c.slow, 'target-arrow-color': c.slow, color: c.slow, 'font-weight': 'bold' } },
    // A trace diff's changed edges: dashed amber over anything else, the slowest path included.
    { selector: 'edge.changed', style: { width: 4, 'line-style': 'dashed', 'line-color': c.changed, 'target-arrow-color': c.changed, color: c.changed, 'font-weight': 'bold' } },
    { selector: ':selected', style: { 'overlay-color': c.selected, 'overlay-opacity': 0.25 } },
  ];
}

/** Stylesheet of the application topology: process groups and who connects to whom; the selected group ringed. */
export function topologyStyle(dark: boolean): StylesheetJson {
  const c = ink(dark);
  return [
    { selector: 'node', style: { ...label(c, 12), 'text-valign': 'bottom', 'text-margin-y': 4, 'background-color': c.node, width: 'data(size)', height: 'data(size)' } },
    { selector: 'node.isolated', style: { 'background-color': c.muted } },
    { selector: 'node:selected', style: { 'border-width': 4, 'border-color': c.selected } },
    {
      selector: 'edge',
      style: { ...label(c, 10), width: 'data(weight)', 'line-color': c.line, 'target-arrow-color': c.line, 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', 'text-rotation': 'autorotate' },
    },
  ];
}
