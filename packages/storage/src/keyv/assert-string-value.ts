/**
 * The stores keep the strings keyv gives them (its serializer runs first) exactly as given. Anything else
 * (a Keyv with `serialization: false` passes its envelope object) is refused rather than coerced, since a
 * coerced value would not come back as it went in.
 */
export function assertStringValue(value: unknown): asserts value is string {
  if (typeof value !== "string") {
    throw new TypeError(`keyv store values must be strings (keyv's serializer makes them), got ${value === null ? "null" : typeof value}`);
  }
}
