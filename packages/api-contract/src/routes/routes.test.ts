import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteContract } from '../route.ts';
import { contract } from './index.ts';

const routes: [string, RouteContract][] = Object.entries(contract).flatMap(([area, table]) =>
  Object.entries(table).map(([name, route]): [string, RouteContract] => [`${area}.${name}`, route]),
);

describe('the route table', () => {
  it('names each route once by its method and path (the web client calls it by that name)', () => {
    const keys = routes.flatMap(([, r]) => [r.path, ...(r.aliases ?? [])].map((p) => `${r.method} ${p}`));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes)('%s: every :name of the path has its parameter schema', (_, route) => {
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const shape = (route.params as z.ZodObject | undefined)?.shape ?? {};
    expect(Object.keys(shape).sort()).toEqual(names.sort());
  });
});
