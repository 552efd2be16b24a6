/**
 * The lint step's import check (decision 393), on dependency-cruiser's graph of server/src,
 * web/src and common/src (type-only imports count, tests do not):
 * - no import cycle between modules;
 * - a server feature imports another feature only through that feature's index.ts;
 * - no cycle between the server's parts: each features/<name> and adapters/<name> folder, and
 *   each other top-level folder or file of server/src, is one node. dependency-cruiser's own
 *   rules see single files or single folders only, so this last check walks its result here.
 * Usage: npx tsx scripts/check-boundaries.ts
 */
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

const ADMIN_VOICES = '^server/src/features/admin/voices/';
const forbidden: IForbiddenRuleType[] = [
  {
    name: 'no-cycle',
    severity: 'error',
    comment: 'Import cycles: move what both sides need into a module they both import.',
    from: {},
    to: { circular: true },
  },
  {
    name: 'feature-internals',
    severity: 'error',
    comment: "Another feature's internals: import its index.ts, and export there what you need.",
    from: { path: '^server/src/features/([^/]+)/', pathNot: ADMIN_VOICES },
    to: {
      path: '^server/src/features/[^/]+/',
      pathNot: ['^server/src/features/$1/', '^server/src/features/[^/]+/index\\.ts$'],
    },
  },
  {
    name: 'feature-internals',
    severity: 'error',
    comment: 'admin/voices is the admin half of voices (decision 190): it may read voices inside.',
    from: { path: ADMIN_VOICES },
    to: {
      path: '^server/src/features/[^/]+/',
      pathNot: ['^server/src/features/(admin|voices)/', '^server/src/features/[^/]+/index\\.ts$'],
    },
  },
];

const { output } = await cruise(['server/src', 'web/src', 'common/src'], {
  validate: true,
  ruleSet: { forbidden },
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '\\.test\\.tsx?$' },
  enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  outputType: 'json',
});
const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;

const problems: string[] = [];
for (const v of result.summary.violations) {
  const where = v.cycle?.length
    ? [v.from, ...v.cycle.map((c) => c.name)].join(' -> ')
    : `${v.from} -> ${v.to}`;
  problems.push(`${v.rule.name}: ${where}`);
}

/** server/src/features/x/a/b.ts -> features/x; server/src/http/a.ts -> http; server/src/app.ts -> app.ts */
function part(file: string): string | null {
  // Not parts: the AppContext type names every part's interface and every part takes it; env.ts
  // is the configuration every part reads (it borrows the voices' OPENAI_TTS_VOICES parser).
  if (file === 'server/src/app-context.ts' || file === 'server/src/env.ts') return null;
  const m = /^server\/src\/(?:(features|adapters)\/([^/]+)\/|([^/]+)(?:\/|$))/.exec(file);
  if (!m) return null;
  return m[3] ?? `${m[1]}/${m[2]}`;
}
const edges = new Map<string, Set<string>>();
for (const mod of result.modules) {
  const from = part(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const to = part(dep.resolved);
    if (!to || to === from) continue;
    let set = edges.get(from);
    if (!set) edges.set(from, (set = new Set()));
    set.add(to);
  }
}
for (const component of stronglyConnected(edges)) {
  if (component.length > 1) problems.push(`part-cycle: ${component.sort().join(' <-> ')}`);
}

if (problems.length > 0) {
  console.error(`${problems.join('\n')}\n\n${problems.length} import problem(s) (decision 393).`);
  process.exit(1);
}
console.log(`imports: ${result.summary.totalCruised} modules, no cycles, no feature internals.`);

/** Tarjan's algorithm: the graph's strongly connected components. */
function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components;
}
