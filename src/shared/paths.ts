/** Item paths as the spec writes them: `/api/v5/<collection>/<id>/`. */
export const API_PREFIX = '/api/v5';

export function itemPath(collection: string, id: number | string): string {
  return `${API_PREFIX}/${collection}/${id}/`;
}
