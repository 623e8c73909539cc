import { z } from "zod";

/**
 * The workspace's crew rules (issue 35, ADR 043), set by owners in Settings: the longest day a person is called for
 * (first call's start to last call's end) and the shortest rest between two days, in hours. Apart from the call
 * rules (app/domain/crew-calls.ts) so the settings schema can use them without importing the calls.
 */

/** The crew rules' bounds (hours): a day's longest span, and the shortest rest between two days. */
export const CREW_DAY_LIMIT_MIN = 1;
export const CREW_DAY_LIMIT_MAX = 24;
export const CREW_REST_MIN = 0;
export const CREW_REST_MAX = 24;

/** The crew rules in settings (hours). */
export const crewRulesFields = {
  crewDayLimitHours: z
    .number({ invalid_type_error: "Longest day must be a number of hours" })
    .min(CREW_DAY_LIMIT_MIN, `Longest day must be at least ${CREW_DAY_LIMIT_MIN} hour`)
    .max(CREW_DAY_LIMIT_MAX, `Longest day must be at most ${CREW_DAY_LIMIT_MAX} hours`)
    .optional(),
  crewRestHours: z
    .number({ invalid_type_error: "Shortest rest must be a number of hours" })
    .min(CREW_REST_MIN, `Shortest rest must be at least ${CREW_REST_MIN} hours`)
    .max(CREW_REST_MAX, `Shortest rest must be at most ${CREW_REST_MAX} hours`)
    .optional(),
};

/** The settings page's crew rules form: both fields (an emptied one leaves its value as it is). */
export const crewRulesSchema = z.object(crewRulesFields);
