import { z } from "zod";

/** How one first-layer button looks, as the browser computed it: measurements, never a verdict. */
export const ButtonDesignSchema = z.object({
  widthPx: z.int().min(0).max(100_000),
  heightPx: z.int().min(0).max(100_000),
  fontSizePx: z.number().min(0).max(1000),
  /** Font weight 600 or more. */
  bold: z.boolean(),
  /** WCAG contrast ratio of its text against the background behind it (1 to 21); null when a colour could not be read. */
  textContrast: z.number().min(1).max(21).nullable(),
  /** It has a background of its own that stands out from the banner's (a filled button). */
  filled: z.boolean(),
  /** It looks like a link in running text: no fill, no border, and a link or underlined. */
  styledAsLink: z.boolean(),
});
export type ButtonDesign = z.infer<typeof ButtonDesignSchema>;

/**
 * The first layer of the banner as a visitor sees it, measured in the pre-consent snapshot: where it sits,
 * how much of the viewport it covers, whether the page behind it can be used, and how its accept and reject
 * buttons look (null when the first layer has no such button). How many clicks each choice takes is the
 * first layer's classification (`reject_behind_settings`: more clicks to reject than to accept).
 */
export const BannerDesignSchema = z.object({
  placement: z.enum(["top", "bottom", "center", "side", "full_screen"]),
  /** Share of the viewport the banner (with its backdrop, when it has one) covers, in percent. */
  viewportCoveragePct: z.int().min(0).max(100),
  /** The page cannot be scrolled while the banner shows (`overflow: hidden` on the document or its body). */
  scrollLocked: z.boolean(),
  /** The banner or its backdrop covers nine tenths of the viewport or more: the page cannot be used until a choice (a cookie wall when there is no reject). */
  blocksPage: z.boolean(),
  accept: ButtonDesignSchema.nullable(),
  reject: ButtonDesignSchema.nullable(),
});
export type BannerDesign = z.infer<typeof BannerDesignSchema>;
