import type { TeamRepo } from '../repos/team';
import type { Pg } from './db';
import { notYet } from './not-yet';

export function pgTeam(_pg: Pg): TeamRepo {
  return notYet<TeamRepo>('team');
}
