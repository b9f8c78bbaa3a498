import type { PageBehaviourTally } from "./guard-page-behaviour.js";

/**
 * A tally for work the scan may still throw away (a read begun before the snapshot, which the snapshot
 * takes over only when the page has not changed): what it counts stays apart until `adopt`, which adds it to
 * the scan's tally and counts into that from then on; work that is dropped never counts twice.
 */
export function createDeferredTally(scanTally: PageBehaviourTally): PageBehaviourTally & { adopt: () => void } {
  let target: PageBehaviourTally = { dialogsDismissed: 0, popupsClosed: 0 };
  return {
    get dialogsDismissed() {
      return target.dialogsDismissed;
    },
    set dialogsDismissed(value: number) {
      target.dialogsDismissed = value;
    },
    get popupsClosed() {
      return target.popupsClosed;
    },
    set popupsClosed(value: number) {
      target.popupsClosed = value;
    },
    adopt() {
      if (target === scanTally) return;
      scanTally.dialogsDismissed += target.dialogsDismissed;
      scanTally.popupsClosed += target.popupsClosed;
      target = scanTally;
    },
  };
}
