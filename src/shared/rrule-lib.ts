import * as lib from 'rrule';

// Node loads rrule's CommonJS build, whose named exports it cannot see (they sit on `default`);
// bundlers load its ES build, which has them directly. Read whichever this runtime gave.
const mod: typeof lib = (Reflect.get(lib, 'default') as typeof lib | undefined)?.RRule ? (Reflect.get(lib, 'default') as typeof lib) : lib;

/** The RRULE engine of the `rrule` package (RFC 5545 recurrence rules). */
export const RRule = mod.RRule;
export type RRule = lib.RRule;
export type RRuleOptions = lib.Options;
