import { describe, expect, it } from "vitest";
import { createPageBehaviourTally } from "../../src/visit/guard-page-behaviour.js";
import { createDeferredTally } from "../../src/visit/create-deferred-tally.js";

describe("createDeferredTally", () => {
  it("keeps what it counts apart until adopted, then adds it and counts into the scan's tally", () => {
    const scan = createPageBehaviourTally();
    const deferred = createDeferredTally(scan);
    deferred.dialogsDismissed += 1;
    deferred.popupsClosed += 2;
    expect(scan).toEqual({ dialogsDismissed: 0, popupsClosed: 0 });
    deferred.adopt();
    expect(scan).toEqual({ dialogsDismissed: 1, popupsClosed: 2 });
    deferred.dialogsDismissed += 1;
    deferred.adopt();
    expect(scan).toEqual({ dialogsDismissed: 2, popupsClosed: 2 });
    expect(deferred.dialogsDismissed).toBe(2);
  });

  it("never counts into the scan's tally when dropped", () => {
    const scan = createPageBehaviourTally();
    const deferred = createDeferredTally(scan);
    deferred.dialogsDismissed += 3;
    expect(scan.dialogsDismissed).toBe(0);
  });
});
