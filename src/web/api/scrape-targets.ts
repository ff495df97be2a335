import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { scrapeTargetItem, scrapeTargetPaths, type scrapeTargetInput } from '../../shared/scrape-targets';
import { api, fetchAllPages, resultBody } from './client';

/** What the scrape target form sends: the shared input (labels as an object, or the text the form could not read). */
export type ScrapeTargetFormInput = z.input<typeof scrapeTargetInput>;

export const scrapeTargetKeys = {
  all: ['scrape-targets'] as const,
  list: () => [...scrapeTargetKeys.all, 'list'] as const,
};

export const scrapeTargetQueries = {
  /** Every target with the state of its last scrape, refreshed as scrapes go by. */
  list: () => queryOptions({ queryKey: scrapeTargetKeys.list(), queryFn: ({ signal }) => fetchAllPages(scrapeTargetPaths.list, scrapeTargetItem, {}, 10, signal), refetchInterval: 15_000 }),
};

export const useScrapeTargets = () => useQuery(scrapeTargetQueries.list());

/** POST a new target (`id` null) or PUT target `id`, as JSON (labels are an object). */
export function useSaveScrapeTarget(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ScrapeTargetFormInput) => api(id === null ? 'POST' : 'PUT', id === null ? scrapeTargetPaths.list : scrapeTargetPaths.item(id), { json: input, schema: scrapeTargetItem }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scrapeTargetKeys.all }),
  });
}

export function useDeleteScrapeTarget() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', scrapeTargetPaths.item(id), { schema: resultBody }),
    onSuccess: () => qc.invalidateQueries({ queryKey: scrapeTargetKeys.all }),
  });
}
