import { toCsv } from '../../../shared/csv';
import type { Series } from './chart-body';
import type { ChartRow } from './downsample';

/** A file name of a chart's title: `web-01 CPU %` becomes `web-01-cpu`. */
export function chartFileName(title: string, ext: 'csv' | 'png'): string {
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'chart';
  return `${base}.${ext}`;
}

/**
 * The chart's rows as CSV: `time` (epoch seconds), `time_utc` (ISO 8601), then one column per series
 * named by its label, values as the API sent them (the unit is in the chart, not converted), every
 * row rather than the thinned rows drawn. Written by the service's serializer (src/shared/csv.ts).
 */
export function chartCsv(rows: readonly ChartRow[], series: readonly Series[]): string {
  const columns = ['time', 'time_utc', ...series.map((s) => s.label)];
  return toCsv(columns, rows.map((r) => [r.time, new Date(r.time * 1000).toISOString(), ...series.map((s) => r[s.key] ?? null)]));
}

/** Saves a Blob under `name` through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Renders the chart's SVG to a PNG in the browser: the SVG is serialised with its text colour and a
 * background filled in (the page's CSS does not travel with it), drawn on a canvas at the device's
 * pixel ratio, and saved. The image is a data: URL, which the dashboard's img-src allows.
 */
export async function svgToPng(svg: SVGSVGElement, background: string): Promise<Blob> {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.style.color = getComputedStyle(svg).color;
  clone.style.fontFamily = getComputedStyle(svg).fontFamily;
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', background);
  clone.insertBefore(bg, clone.firstChild);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  await img.decode();
  const scale = globalThis.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the PNG could not be made'))), 'image/png'));
}
