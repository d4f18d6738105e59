/**
 * Gathers the calls made in one turn of the event loop into a single call with all their keys.
 * Under load many handlers ask the same kind of question at the same moment (is this message
 * still there? record that this event is settled); one statement then answers them all, where
 * each would otherwise cost a round trip to the database of its own.
 */
export type TickBatch<Key, Value> = (key: Key) => Promise<Value>;

/**
 * `run` gets the keys gathered (in call order, at most `maxBatch` at once) and answers a value per
 * key; keys it leaves out get `missing`. When it fails, every call of that batch fails with it.
 * With `gatherMs`, calls are gathered for that long after the first instead of for one turn: for
 * work nobody waits on (a settlement record), where a few milliseconds buy fewer round trips.
 */
export function tickBatch<Key, Value>(
  run: (keys: Key[]) => Promise<ReadonlyMap<Key, Value>>,
  missing: Value,
  maxBatch = 500,
  gatherMs = 0,
): TickBatch<Key, Value> {
  interface Waiting {
    key: Key;
    resolve: (value: Value) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting.splice(0, maxBatch);
    if (waiting.length > 0) setImmediate(flush);
    run(batch.map((call) => call.key)).then(
      (values) => {
        for (const call of batch) call.resolve(values.has(call.key) ? (values.get(call.key) as Value) : missing);
      },
      (error: unknown) => {
        for (const call of batch) call.reject(error);
      },
    );
  };
  return (key) =>
    new Promise<Value>((resolve, reject) => {
      if (waiting.length === 0) {
        if (gatherMs > 0) setTimeout(flush, gatherMs);
        else setImmediate(flush);
      }
      waiting.push({ key, resolve, reject });
    });
}
