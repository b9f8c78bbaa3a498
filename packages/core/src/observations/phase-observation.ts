import { z } from "zod";
import { EvidencePhaseSchema } from "../contract/states.js";

const ReasonCode = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/)
  .nullable();

/**
 * One observation phase of a scan and how it went: `pre_consent` (the first visit until the snapshot),
 * `after_reject` (the same visit, after the banner's reject was used), `reject_next_page` (that visit's
 * next page of the site), `after_accept` (a fresh context, after accept), `accept_next_page` (its next
 * page) and `gpc` (a fresh context with `Sec-GPC: 1` and `navigator.globalPrivacyControl`).
 * Evidence of a phase (cookies, storage, requests) carries the phase's name. A phase that did not run says
 * why; its missing evidence never reads as "nothing happened".
 */
export const PhaseRunSchema = z.object({
  phase: EvidencePhaseSchema,
  /**
   * `completed`: the phase ran and its observe window elapsed; `not_run`: skipped by options or because a
   * precondition failed (for example no banner to reject); `failed`/`timed_out`: it started and broke.
   */
  status: z.enum(["completed", "not_run", "failed", "timed_out"]),
  /** Why it did not complete: `disabled`, `no_banner`, `opt_out_failed`, `opt_in_failed`, `navigation_failed`, `phase_timeout`, … */
  reason: ReasonCode,
  /** Length of the phase's observe window, when it ran. */
  observeMs: z.int().min(0).max(600_000).nullable(),
});
export type PhaseRun = z.infer<typeof PhaseRunSchema>;

/**
 * What happened when the scanner used the banner's reject or accept option. `succeeded`: the action ran
 * and the banner went away (and autoconsent's self-test, where the CMP's rule has one, agreed: `verified`);
 * `failed`: it was tried and did not work; `not_attempted`: there was nothing to act on, or the phase was
 * off. `reason` is a code: `no_banner`, `cmp_not_recognised`, `no_reject_option`, `no_accept_option`,
 * `click_failed`, `banner_still_visible`, `banner_state_unknown` (the page could not be read after the
 * action), `self_test_failed`, `action_timeout`, `disabled`; a succeeded accept that only dismissed a notice
 * with no choice carries `notice_dismissed`. `verified` is the self-test of autoconsent's rule,
 * which runs in the page's own world: the site's claim about its state, not an independent check.
 */
export const ConsentActionSchema = z.object({
  outcome: z.enum(["succeeded", "failed", "not_attempted"]),
  /** Who drove the action: autoconsent's rule for the CMP, or the heuristic detector's button. */
  method: z.enum(["autoconsent", "heuristic"]).nullable(),
  verified: z.boolean().nullable(),
  reason: ReasonCode,
});
export type ConsentAction = z.infer<typeof ConsentActionSchema>;

/** The reject and accept actions of a scan. */
export const ConsentActionsSchema = z.object({ reject: ConsentActionSchema, accept: ConsentActionSchema });
export type ConsentActions = z.infer<typeof ConsentActionsSchema>;

/**
 * The second page a next-page phase opened (`reject_next_page`, `accept_next_page`): how it was reached (a
 * link of the page, or the home page; never its URL) and whether the consent banner showed on it, which a
 * stored choice should prevent. `bannerShown` is null when the page could not be read.
 */
export const NextPageVisitSchema = z.object({
  phase: z.enum(["reject_next_page", "accept_next_page"]),
  via: z.enum(["link", "home"]),
  bannerShown: z.boolean().nullable(),
});
export type NextPageVisit = z.infer<typeof NextPageVisitSchema>;
