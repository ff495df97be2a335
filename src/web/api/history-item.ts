import type { z } from 'zod';
import { alertHistoryItem } from '../../shared/alert-histories';
import { acknowledgementFields } from '../../shared/incident-response';

/**
 * An alert history as the Incidents screens read it: the spec's fields plus who acknowledged it and
 * whether a silence held its notifications back (issue 18: every history answer carries them).
 */
export const incidentHistoryItem = alertHistoryItem.extend(acknowledgementFields.shape);
export type IncidentHistory = z.infer<typeof incidentHistoryItem>;
