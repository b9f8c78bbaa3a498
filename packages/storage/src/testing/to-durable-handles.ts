/**
 * A case's extra handles on its namespace: for a durable store, `peer` opens another handle (another
 * connection or file handle) and `reopen` closes every handle and opens the store again; a store that
 * forgets on close has one handle, and reopening it proves nothing, so `reopen` refuses.
 */
export function toDurableHandles<S>(durable: boolean, handles: { store: S; open: () => Promise<S>; closeAll: () => Promise<void> }) {
  return {
    peer: () => (durable ? handles.open() : Promise.resolve(handles.store)),
    reopen: async () => {
      if (!durable) throw new Error("reopen needs a durable store");
      await handles.closeAll();
      return handles.open();
    },
  };
}
