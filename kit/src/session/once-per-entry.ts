// A session's entries (messages, results, request records, snapshots, artifact versions) are
// immutable and shared by every version of the session that holds them: a write replaces an
// entry, never edits one. So what is derived from an entry alone (its size, its key) is made once
// per entry object, and a warm turn pays for what it added, not for what it keeps. Keep only
// small things here: what is kept lives as long as the entry, and the session cache's byte bound
// (session-bytes) does not count it.

/** `make`, run at most once per entry object (by identity): later calls return what it made. */
export function oncePerEntry<Entry extends object, Made>(make: (entry: Entry) => Made): (entry: Entry) => Made {
  const made = new WeakMap<Entry, Made>();
  return (entry) => {
    const known = made.get(entry);
    if (known !== undefined || made.has(entry)) return known as Made;
    const value = make(entry);
    made.set(entry, value);
    return value;
  };
}
