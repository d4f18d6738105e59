/** A list endpoint may answer with a page object or a bare array. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function toPage<T>(data: unknown): Page<T> {
  if (Array.isArray(data)) return { count: data.length, next: null, previous: null, results: data as T[] };
  if (data && typeof data === 'object' && Array.isArray((data as Page<T>).results)) {
    const page = data as Partial<Page<T>> & { results: T[] };
    return {
      count: typeof page.count === 'number' ? page.count : page.results.length,
      next: page.next ?? null,
      previous: page.previous ?? null,
      results: page.results,
    };
  }
  return { count: 0, next: null, previous: null, results: [] };
}
