import type { StylesheetJson } from 'cytoscape';

/** Colours that read on both themes (the canvas sits on a white or slate-900 panel). */
const INK = '#64748b';
const SLOW = '#dc2626';

/** Stylesheet of the trace graph: servers as compound boxes, processes, External, the slowest path in red. */
export const traceStyle: StylesheetJson = [
  { selector: 'node', style: { label: 'data(label)', 'font-size': 11, color: INK, 'text-wrap': 'wrap', 'text-valign': 'bottom', 'text-margin-y': 4 } },
  { selector: 'node.process', style: { 'background-color': '#0f766e', width: 26, height: 26 } },
  { selector: 'node.external', style: { shape: 'diamond', 'background-color': '#7c3aed', width: 34, height: 34 } },
  { selector: 'node.initial', style: { 'border-width': 3, 'border-color': '#f59e0b' } },
  { selector: 'node.slow', style: { 'background-color': SLOW } },
  {
    selector: 'node.server',
    style: { shape: 'round-rectangle', 'background-color': '#94a3b8', 'background-opacity': 0.12, 'border-width': 1, 'border-color': '#94a3b8', 'text-valign': 'top', 'text-margin-y': -4, 'font-weight': 'bold', padding: '14px' },
  },
  {
    selector: 'edge',
    style: { width: 1.5, 'line-color': '#94a3b8', 'target-arrow-color': '#94a3b8', 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', label: 'data(label)', 'font-size': 10, color: INK, 'text-rotation': 'autorotate', 'text-background-color': '#ffffff', 'text-background-opacity': 0.8, 'text-background-padding': '1px' },
  },
  { selector: 'edge.slow', style: { width: 3, 'line-color': SLOW, 'target-arrow-color': SLOW, color: SLOW, 'font-weight': 'bold' } },
  { selector: ':selected', style: { 'overlay-color': '#0d9488', 'overlay-opacity': 0.2 } },
];

/** Stylesheet of the application topology: process groups and who connects to whom. */
export const topologyStyle: StylesheetJson = [
  { selector: 'node', style: { label: 'data(label)', 'font-size': 12, color: INK, 'text-valign': 'bottom', 'text-margin-y': 4, 'background-color': '#0f766e', width: 'data(size)', height: 'data(size)' } },
  { selector: 'node.isolated', style: { 'background-color': '#94a3b8' } },
  {
    selector: 'edge',
    style: { width: 'data(weight)', 'line-color': '#94a3b8', 'target-arrow-color': '#94a3b8', 'target-arrow-shape': 'triangle', 'curve-style': 'bezier', label: 'data(label)', 'font-size': 10, color: INK, 'text-background-color': '#ffffff', 'text-background-opacity': 0.8 },
  },
];
