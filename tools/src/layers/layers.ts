// The layer rules of ARCHITECTURE.md as code: every import of the repository's sources, resolved to a
// repository path (or left as a package name), checked against the rules below. `npm run lint` and
// `npm test` run layers.test.ts; a broken rule names the file, the import and the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ImportEdge {
  /** Importing file, relative to the repository root with forward slashes. */
  from: string;
  /** The specifier as written. */
  specifier: string;
  /** A repository path for relative imports (and workspace packages), else undefined. */
  target?: string;
}

export interface Violation {
  rule: string;
  edge: ImportEdge;
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'drizzle', '.git', 'data']);
/** The folders whose sources are checked: every workspace lives in one of them. */
const TOP_FOLDERS = ['apps', 'packages', 'tools', 'e2e'];

interface Workspace {
  name: string;
  /** The workspace's folder, relative to the repository root. */
  dir: string;
  /** Its package.json `exports`: subpath ('.', './config', './platform/*') to a path inside the folder. */
  exports: Record<string, string>;
}

/** The npm workspaces of the root package.json, each with the entry points its package.json exports. */
function readWorkspaces(root: string): Workspace[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const exports = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
    return { name: pkg.name as string, dir, exports };
  });
}

export const WORKSPACES = readWorkspaces(REPO_ROOT);

/** The folder of the workspace a repository path belongs to, or undefined outside every workspace. */
export function workspaceOf(file: string): string | undefined {
  return WORKSPACES.find((w) => file === w.dir || file.startsWith(`${w.dir}/`))?.dir;
}

/** A package subpath ('.', './config') through the workspace's exports map (patterns with one '*' too). */
function exportedPath(w: Workspace, subpath: string): string {
  const inside = (p: string) => path.posix.normalize(path.posix.join(w.dir, p));
  const exact = w.exports[subpath];
  if (exact) return inside(exact);
  for (const [pattern, target] of Object.entries(w.exports)) {
    const star = pattern.indexOf('*');
    if (star < 0) continue;
    const [head, tail] = [pattern.slice(0, star), pattern.slice(star + 1)];
    if (subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= head.length + tail.length)
      return inside(target.replace('*', subpath.slice(head.length, subpath.length - tail.length)));
  }
  // not exported (a package without an exports map, or a path it does not offer): still a repository path
  return inside(subpath);
}

export function resolveTarget(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const w of WORKSPACES) {
    if (specifier === w.name || specifier.startsWith(`${w.name}/`))
      return exportedPath(w, `.${specifier.slice(w.name.length)}`);
  }
  return undefined;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The import specifiers of one source text (static, side-effect, re-export and dynamic imports). */
export function specifiersOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

function walk(root: string, dir: string, files: string[]) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(root, rel, files);
    else if (SOURCE.test(entry.name)) files.push(rel);
  }
}

/** Every source file of apps/, packages/, tools/ and e2e/, relative to the root. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const top of TOP_FOLDERS) walk(root, top, files);
  return files;
}

/** Every import edge of apps/, packages/, tools/ and e2e/. */
export function importEdges(root: string): ImportEdge[] {
  return sourceFiles(root).flatMap((from) =>
    specifiersOf(readFileSync(path.join(root, from), 'utf8')).map((specifier) => ({
      from,
      specifier,
      target: resolveTarget(from, specifier),
    })),
  );
}

const NODE_BUILTINS = new Set(builtinModules);
/** Packages that do I/O (network, files, databases, servers): none of them belongs in the pure domain. */
const IO_PACKAGES =
  /^(fastify|@fastify\/|drizzle-orm|drizzle-kit|pg$|pg\/|@electric-sql\/|ioredis|nodemailer|sharp|undici|ws$|@node-rs\/)/;

const apiModule = (p: string) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(p)?.[1];
const webFeature = (p: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(p)?.[1];

interface Rule {
  name: string;
  broken(edge: ImportEdge): boolean;
}

export const RULES: Rule[] = [
  {
    name: 'no relative import leaves its workspace (import another workspace by its package name)',
    broken: (e) => e.specifier.startsWith('.') && !!e.target && workspaceOf(e.from) !== workspaceOf(e.target),
  },
  {
    name: 'packages/ never import apps/ (apps depend on packages, never the reverse)',
    broken: (e) => e.from.startsWith('packages/') && !!e.target?.startsWith('apps/'),
  },
  {
    name: 'apps/api/src/platform/ never imports modules/ (platform parts serve modules, never the reverse)',
    broken: (e) =>
      e.from.startsWith('apps/api/src/platform/') && !!e.target?.startsWith('apps/api/src/modules/'),
  },
  {
    name: "a module never imports another module's *.tables.ts or *.repository.ts (call its service instead)",
    broken: (e) => {
      // A table may reference another module's table (a foreign key), and a test may arrange rows directly.
      if (/\.(tables|test)\.ts$/.test(e.from)) return false;
      const own = apiModule(e.from);
      const other = e.target && apiModule(e.target);
      return !!own && !!other && own !== other && /\.(tables|repository)(\.ts)?$/.test(e.target!);
    },
  },
  {
    name: 'packages/domain imports no I/O (no node: built-ins, no fastify, drizzle, pg…) and no app',
    broken: (e) => {
      if (!e.from.startsWith('packages/domain/')) return false;
      const s = e.specifier;
      if (s.startsWith('node:') || NODE_BUILTINS.has(s.split('/')[0]!) || IO_PACKAGES.test(s)) return true;
      return !!e.target && !e.target.startsWith('packages/domain/');
    },
  },
  {
    name: 'a web feature never imports another feature (shared code lives in components/ or lib/)',
    broken: (e) => {
      const own = webFeature(e.from);
      const other = e.target && webFeature(e.target);
      return !!own && !!other && own !== other;
    },
  },
  {
    name: 'apps/web/src/components/ and lib/ import no feature',
    broken: (e) =>
      /^apps\/web\/src\/(components|lib)\//.test(e.from) && !!e.target?.startsWith('apps/web/src/features/'),
  },
  {
    name: 'apps/ never import tools/ (developer tooling only)',
    broken: (e) => e.from.startsWith('apps/') && (!!e.target?.startsWith('tools/') || e.target === 'tools'),
  },
];

export const CYCLE_RULE = 'no import cycle';

/** The file an edge's target names among the given files (targets may leave out '.ts' or '/index.ts'). */
function targetFile(target: string | undefined, files: Set<string>): string | undefined {
  if (!target) return undefined;
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((f) =>
    files.has(f),
  );
}

/**
 * The import cycles among the files that import something — tests included, type-only imports included (a
 * cycle of types still ties the files together): one shortest cycle per strongly connected group, as the
 * edges that make it, first edge from the group's first file in path order.
 */
export function importCycles(edges: ImportEdge[]): ImportEdge[][] {
  const files = new Set(edges.map((e) => e.from));
  const next = new Map<string, { to: string; edge: ImportEdge }[]>();
  for (const edge of edges) {
    const to = targetFile(edge.target, files);
    if (to) next.set(edge.from, [...(next.get(edge.from) ?? []), { to, edge }]);
  }
  return stronglyConnected([...files].sort(), (f) => (next.get(f) ?? []).map((n) => n.to))
    .filter((group) => group.length > 1 || next.get(group[0]!)?.some((n) => n.to === group[0]))
    .map((group) => shortestCycle(group.sort()[0]!, new Set(group), next));
}

/** Tarjan's strongly connected components. */
function stronglyConnected(nodes: string[], out: (n: string) => string[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (n: string) => {
    index.set(n, index.size);
    low.set(n, index.get(n)!);
    stack.push(n);
    onStack.add(n);
    for (const m of out(n)) {
      if (!index.has(m)) {
        visit(m);
        low.set(n, Math.min(low.get(n)!, low.get(m)!));
      } else if (onStack.has(m)) low.set(n, Math.min(low.get(n)!, index.get(m)!));
    }
    if (low.get(n) !== index.get(n)) return;
    const group: string[] = [];
    let m: string;
    do {
      m = stack.pop()!;
      onStack.delete(m);
      group.push(m);
    } while (m !== n);
    groups.push(group);
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return groups;
}

/** A shortest way from start back to start inside the group (breadth first), as its edges. */
function shortestCycle(
  start: string,
  group: Set<string>,
  next: Map<string, { to: string; edge: ImportEdge }[]>,
): ImportEdge[] {
  const cameBy = new Map<string, ImportEdge>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const { to, edge } of next.get(queue[i]!) ?? []) {
      if (!group.has(to) || cameBy.has(to)) continue;
      cameBy.set(to, edge);
      if (to === start) {
        const path: ImportEdge[] = [];
        for (let e = cameBy.get(start)!; ; e = cameBy.get(e.from)!) {
          path.unshift(e);
          if (e.from === start) return path;
        }
      }
      queue.push(to);
    }
  }
  return [];
}

export function violations(edges: ImportEdge[]): Violation[] {
  const byRule = edges.flatMap((edge) =>
    RULES.filter((r) => r.broken(edge)).map((r) => ({ rule: r.name, edge })),
  );
  const cycles = importCycles(edges).map((cycle) => ({
    rule: `${CYCLE_RULE}: ${[...cycle.map((e) => e.from), cycle[0]!.from].join(' → ')}`,
    edge: cycle[cycle.length - 1]!,
  }));
  return [...byRule, ...cycles];
}

export function explain(v: Violation): string {
  return `${v.edge.from} imports '${v.edge.specifier}': ${v.rule}`;
}
