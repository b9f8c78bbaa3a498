import { z } from "zod";

/** The purposes a consent dialog's toggle is read as, from the words next to it; `other` when none is named. */
export const TogglePurposeSchema = z.enum(["preferences", "analytics", "marketing", "other"]);
export type TogglePurpose = z.infer<typeof TogglePurposeSchema>;

/**
 * The on/off choices (checkboxes, switches) a rejecting visitor was shown, as the dialog set them before any
 * click changed them: read at the first click of the reject that saw any (`rejecting`: the layer the reject
 * passed through, first or second), or, for a first layer without reject, with the preferences opened only
 * to read them (`opening_settings`). Counts and purposes only; labels are never kept. A pre-ticked box is no
 * consent (CJEU C-673/17 Planet49; EDPB Guidelines 05/2020 on consent).
 */
export const ChoiceTogglesSchema = z.object({
  seenWhile: z.enum(["rejecting", "opening_settings"]),
  /** Toggles shown. */
  shown: z.int().min(0).max(100),
  /** Switched on for strictly necessary purposes: locked on, or named necessary. Not a choice, so not pre-ticked. */
  necessaryOn: z.int().min(0).max(100),
  /** Switched on for any other purpose before the visitor touched them. */
  preTicked: z.int().min(0).max(100),
  /** The purposes of the pre-ticked toggles, each once. */
  preTickedPurposes: z.array(TogglePurposeSchema).max(4),
});
export type ChoiceToggles = z.infer<typeof ChoiceTogglesSchema>;
