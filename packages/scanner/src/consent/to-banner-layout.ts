import type { BannerLayout, BannerScanResult, ButtonLook, Rgba } from "./banner-scan-script.js";

/**
 * A banner's layout as the isolated world returned it, checked: the page cannot reach that world, but a
 * value that is not the expected shape (a page that broke a built-in the script relies on) is dropped, and
 * numbers are kept within sane bounds. Null when it is missing or not a layout.
 */
export function toBannerLayout(value: unknown): BannerLayout | null {
  if (typeof value !== "object" || value === null) return null;
  const { box, background, looks } = value as Record<string, unknown>;
  const boxRecord = typeof box === "object" && box !== null ? (box as Record<string, unknown>) : null;
  const banner = toRgba(background);
  if (boxRecord === null || banner === null || !Array.isArray(looks)) return null;
  const checkedBox = {
    top: bounded(boxRecord.top, -100_000, 100_000),
    left: bounded(boxRecord.left, -100_000, 100_000),
    width: bounded(boxRecord.width, 0, 100_000),
    height: bounded(boxRecord.height, 0, 100_000),
  };
  if (Object.values(checkedBox).some((side) => side === null)) return null;
  const checkedLooks = looks.slice(0, 25).map(toButtonLook);
  if (checkedLooks.some((look) => look === null)) return null;
  return { box: checkedBox as BannerLayout["box"], background: banner, looks: checkedLooks as ButtonLook[] };
}

/** The frame's viewport and scroll lock, checked like the layout. */
export function toPageLayout(value: unknown): NonNullable<BannerScanResult["page"]> | null {
  if (typeof value !== "object" || value === null) return null;
  const { width, height, scrollLocked } = value as Record<string, unknown>;
  const checkedWidth = bounded(width, 1, 100_000);
  const checkedHeight = bounded(height, 1, 100_000);
  if (checkedWidth === null || checkedHeight === null || typeof scrollLocked !== "boolean") return null;
  return { width: checkedWidth, height: checkedHeight, scrollLocked };
}

function toButtonLook(value: unknown): ButtonLook | null {
  if (typeof value !== "object" || value === null) return null;
  const look = value as Record<string, unknown>;
  const width = bounded(look.width, 0, 100_000);
  const height = bounded(look.height, 0, 100_000);
  const fontPx = bounded(look.fontPx, 0, 1000);
  const fontWeight = bounded(look.fontWeight, 1, 1000);
  const background = toRgba(look.background);
  if (width === null || height === null || fontPx === null || fontWeight === null || background === null) return null;
  return {
    width,
    height,
    fontPx,
    fontWeight,
    color: toRgba(look.color),
    background,
    ownBackground: toRgba(look.ownBackground),
    bordered: look.bordered === true,
    underlined: look.underlined === true,
    link: look.link === true,
  };
}

function toRgba(value: unknown): Rgba | null {
  if (!Array.isArray(value) || value.length !== 4) return null;
  const channels = value.map((channel, index) => bounded(channel, 0, index === 3 ? 1 : 255));
  const [red, green, blue, alpha] = channels;
  if (red == null || green == null || blue == null || alpha == null) return null;
  return [red, green, blue, alpha];
}

function bounded(value: unknown, min: number, max: number): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max ? value : null;
}
