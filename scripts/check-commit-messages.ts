/**
 * Commit messages that read as a log: a subject of at most 72 characters, in the imperative
 * ("Bound PDF extraction by pages", not "Bounded ..." or "Bounds ..."), capitalised, with no
 * closing period, and a blank line before any body. Checks the commits since the last release
 * tag, or since the commit that introduced the rule when there is no tag. Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';

const MAX_SUBJECT = 72;
/** The last commit before this check existed: older subjects are history, not checked. */
const RULE_BASE = '684c312';
/** Words ending in -ed or -s that are imperative verbs all the same. */
const IMPERATIVE_EXCEPTIONS = new Set([
  'access',
  'address',
  'bias',
  'bypass',
  'embed',
  'exceed',
  'feed',
  'focus',
  'need',
  'pass',
  'proceed',
  'process',
  'seed',
  'speed',
  'succeed',
]);

const git = (...args: string[]): string =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

export function problemsOf(message: string): string[] {
  const [subject = '', second] = message.split('\n');
  const problems: string[] = [];
  if (subject.length > MAX_SUBJECT) {
    problems.push(`subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  }
  if (!/^[A-Z]/.test(subject)) problems.push('subject does not start with a capital letter');
  if (/\.$/.test(subject)) problems.push('subject ends with a period');
  const first = (subject.split(/\s/)[0] ?? '').toLowerCase();
  if (!IMPERATIVE_EXCEPTIONS.has(first) && /^[a-z]+(ed|[^s]s)$/.test(first)) {
    problems.push(`subject starts with "${first}": use the imperative ("Add", not "Added"/"Adds")`);
  }
  if (second !== undefined && second !== '') {
    problems.push('no blank line between the subject and the body');
  }
  return problems;
}

function baseRef(): string | null {
  try {
    return git('describe', '--tags', '--abbrev=0');
  } catch {
    try {
      return git('rev-parse', '--verify', '--quiet', `${RULE_BASE}^{commit}`);
    } catch {
      return null;
    }
  }
}

function main(): void {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    console.log('commit messages: not a git checkout, nothing to check');
    return;
  }
  const base = baseRef();
  const range = base ? [`${base}..HEAD`] : ['-1', 'HEAD'];
  const hashes = git('rev-list', '--no-merges', ...range)
    .split('\n')
    .filter(Boolean);
  let failures = 0;
  for (const hash of hashes) {
    const problems = problemsOf(git('log', '-1', '--format=%B', hash));
    if (problems.length === 0) continue;
    failures += 1;
    console.error(`${hash.slice(0, 7)} ${git('log', '-1', '--format=%s', hash).slice(0, 80)}`);
    for (const p of problems) console.error(`  - ${p}`);
  }
  if (failures > 0) {
    console.error(`\n${failures} of ${hashes.length} commit messages need rewording.`);
    process.exit(1);
  }
  console.log(`commit messages: ${hashes.length} checked since ${base ?? 'HEAD'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
