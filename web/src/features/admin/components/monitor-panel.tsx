import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ADMIN_DASHBOARD_LOAD_ERROR } from '@doublecast/common/admin';
import {
  MONITOR_DEFAULT_RANGE,
  MONITOR_DEFAULT_REFRESH_MS,
  MONITOR_RANGE_LABELS,
  MONITOR_RANGES,
  MONITOR_REFRESH_INTERVALS_MS,
  MONITOR_TEXTS,
  monitorCardsSchema,
  monitorHourlySchema,
  monitorRecentSchema,
  monitorTopVoicesSchema,
  type MonitorCards,
  type MonitorHourly,
  type MonitorProviders,
  type MonitorRange,
  type MonitorRecent,
  type MonitorTopVoices,
  type MonitorTrends,
} from '@doublecast/common/monitor';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { userMessage } from '../../../lib/user-message';
import {
  useMonitorPanel,
  useMonitorProviders,
  useMonitorStream,
  useMonitorTrends,
  type StreamState,
} from '../api/monitor';
import { countFormat } from './format';
import { hourLabel } from './monitor-hour';
import { cardClass, StatCards, type Stat } from './stat-cards';

/** Chart.js comes with the chart only, when the monitor opens. */
const HourlyChart = lazy(() => import('./monitor-hourly-chart'));

const usd = (digits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: digits,
  });
const usd4 = usd(4);
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const perCharacter = (x: number) =>
  x === 0 ? '$0.00' : `$${x.toPrecision(2).replace(/(\.\d*?)0+$/, '$1')}`;
const INTERVAL_LABELS: Record<number, string> = { 30_000: '30s', 60_000: '1m', 300_000: '5m' };
const fieldClass =
  'mt-1 block w-full rounded-lg border border-zinc-700 bg-zinc-900 px-3 py-2 text-sm text-white focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-400/40';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h3 id={id} className="text-lg font-semibold text-white">
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="py-6 text-center text-sm text-zinc-400">{children}</p>
);

function Cards({ cards, providers }: { cards: MonitorCards; providers?: MonitorProviders }) {
  const label = (engine: string) =>
    providers?.providers.find((p) => p.engine === engine)?.label ?? engine;
  const stats: Stat[] = [
    {
      label: 'Total Requests',
      value: countFormat.format(cards.totalRequests),
      note: `${countFormat.format(cards.errors)} failed`,
    },
    {
      label: 'Total Characters',
      value: countFormat.format(cards.totalCharacters),
      note: 'Characters sent for synthesis',
    },
    {
      label: 'Success Rate',
      value: `${cards.successRate.toFixed(1)}%`,
      note: `${countFormat.format(cards.totalRequests - cards.errors)} of ${countFormat.format(cards.totalRequests)} succeeded`,
    },
    {
      label: 'Average Latency',
      value: `${cards.averageLatencySeconds.toFixed(2)}s`,
      note: 'From request to the last audio byte',
    },
    {
      label: 'Voice Quality',
      value: `${cards.averageStability.toFixed(2)} / ${cards.averageSimilarity.toFixed(2)}`,
      note: 'Average stability / similarity',
    },
    {
      label: 'Cost Analysis',
      value: usd4.format(cards.totalCostUsd),
      note: (
        <>
          {perCharacter(cards.costPerCharacterUsd)} per character
          {cards.byEngine.map((e) => (
            <span key={e.engine} className="block">
              {label(e.engine)}: {usd4.format(e.costUsd)}
              {e.costUsd === 0 ? ' (free, on this server)' : ''}
            </span>
          ))}
        </>
      ),
    },
  ];
  return <StatCards stats={stats} />;
}

function Trends({ trends }: { trends: MonitorTrends }) {
  const rows = [
    ['Daily', 'Last 24 hours', trends.daily],
    ['Weekly', 'Last 7 days', trends.weekly],
    ['Monthly', 'Last 30 days', trends.monthly],
  ] as const;
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {rows.map(([name, span, t]) => (
        <div key={name} className="rounded-xl bg-zinc-950/60 p-4">
          <dt className="text-sm font-medium text-zinc-400">
            {name} <span className="text-xs">({span})</span>
          </dt>
          <dd className="mt-1 text-lg font-semibold text-white">
            {countFormat.format(t.characters)} characters
          </dd>
          <dd className="text-sm text-zinc-300">{usd4.format(t.costUsd)}</dd>
        </div>
      ))}
    </dl>
  );
}

const th = 'px-3 py-2 font-semibold';
const td = 'px-3 py-2';

/**
 * All 24 hours for the chart, empty ones too: for the 24-hour range oldest first ending with the
 * current hour (as the server orders them), else 00:00 first.
 */
function allHours(hourly: MonitorHourly): MonitorHourly['buckets'] {
  const byHour = new Map(hourly.buckets.map((b) => [b.hour, b]));
  const first = hourly.range === '24h' ? (new Date(hourly.to).getUTCHours() + 1) % 24 : 0;
  return Array.from({ length: 24 }, (_, i) => {
    const hour = (first + i) % 24;
    return byHour.get(hour) ?? { hour, requests: 0, characters: 0, errors: 0 };
  });
}

function Hourly({ hourly }: { hourly: MonitorHourly }) {
  if (hourly.buckets.length === 0) return <Empty>{MONITOR_TEXTS.noData}</Empty>;
  return (
    <>
      <Suspense
        fallback={<div className="h-64 animate-pulse rounded-xl bg-zinc-800/50" aria-hidden />}
      >
        <HourlyChart buckets={allHours(hourly)} />
      </Suspense>
      <details className="mt-3 text-sm text-zinc-300">
        <summary className="cursor-pointer text-brand-300 hover:text-brand-200">
          Hourly usage as a table
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Requests, characters and errors per hour (UTC)</caption>
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr>
                <th scope="col" className={th}>
                  Hour (UTC)
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Requests
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Characters
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Errors
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {hourly.buckets.map((b) => (
                <tr key={b.hour}>
                  <th scope="row" className={`${td} font-normal`}>
                    {hourLabel(b.hour)}
                  </th>
                  <td className={`${td} text-right`}>{countFormat.format(b.requests)}</td>
                  <td className={`${td} text-right`}>{countFormat.format(b.characters)}</td>
                  <td className={`${td} text-right`}>{countFormat.format(b.errors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}

function TopVoices({ data }: { data: MonitorTopVoices }) {
  if (data.voices.length === 0) return <Empty>{MONITOR_TEXTS.noVoices}</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm text-zinc-200">
        <caption className="sr-only">Voices with the most requests</caption>
        <thead className="text-xs uppercase tracking-wide text-zinc-400">
          <tr>
            <th scope="col" className={th}>
              Voice
            </th>
            <th scope="col" className={th}>
              ID
            </th>
            <th scope="col" className={`${th} text-right`}>
              Requests
            </th>
            <th scope="col" className={`${th} text-right`}>
              Characters
            </th>
            <th scope="col" className={`${th} text-right`}>
              Share
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {data.voices.map((v) => (
            <tr key={`${v.shortId}-${v.name}`}>
              <th scope="row" className={`${td} font-medium text-white`}>
                {v.name}
              </th>
              <td className={`${td} font-mono text-xs text-zinc-400`}>{v.shortId}</td>
              <td className={`${td} text-right`}>{countFormat.format(v.requests)}</td>
              <td className={`${td} text-right`}>{countFormat.format(v.characters)}</td>
              <td className={`${td} text-right`}>{v.share.toFixed(1)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Recent({ data }: { data: MonitorRecent }) {
  if (data.requests.length === 0) return <Empty>{MONITOR_TEXTS.noRecent}</Empty>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm text-zinc-200">
        <caption className="sr-only">The newest requests, newest first</caption>
        <thead className="text-xs uppercase tracking-wide text-zinc-400">
          <tr>
            <th scope="col" className={th}>
              Time
            </th>
            <th scope="col" className={th}>
              User
            </th>
            <th scope="col" className={th}>
              Voice
            </th>
            <th scope="col" className={`${th} text-right`}>
              Characters
            </th>
            <th scope="col" className={`${th} text-right`}>
              Latency
            </th>
            <th scope="col" className={`${th} text-center`}>
              Status
            </th>
            <th scope="col" className={th}>
              Error
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {data.requests.map((r) => (
            <tr key={r.id}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={r.time}>{dateTimeFormat.format(new Date(r.time))}</time>
              </td>
              <td className={`${td} font-mono text-xs text-zinc-400`}>{r.shortUserId ?? '-'}</td>
              <td className={td}>{r.voiceName}</td>
              <td className={`${td} text-right`}>{countFormat.format(r.characters)}</td>
              <td className={`${td} text-right`}>{r.latencySeconds.toFixed(2)}s</td>
              <td className={`${td} text-center`}>
                {r.success ? (
                  <span className="text-emerald-400">
                    <span aria-hidden="true">✓</span>
                    <span className="sr-only">Success</span>
                  </span>
                ) : (
                  <span className="text-red-400">
                    <span aria-hidden="true">✗</span>
                    <span className="sr-only">Failed</span>
                  </span>
                )}
              </td>
              <td className={`${td} text-xs text-red-300`}>{r.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STREAM_TEXT: Record<StreamState, string> = {
  off: '',
  connecting: 'Connecting to real-time updates...',
  live: 'Live: new requests appear as they happen',
  reconnecting: 'Real-time connection lost; reconnecting...',
};

/**
 * The voice-provider API monitor tab (docs/glossary.md#admin-monitor): time range, refresh
 * interval or real-time mode (server-sent events), the cards, trends, hourly chart, top voices
 * and recent requests.
 */
export function MonitorPanel() {
  const [range, setRange] = useState<MonitorRange>(MONITOR_DEFAULT_RANGE);
  const [intervalMs, setIntervalMs] = useState<number>(MONITOR_DEFAULT_REFRESH_MS);
  const [realtime, setRealtime] = useState(false);
  const every = realtime ? false : intervalMs;
  const providers = useMonitorProviders();
  const cards = useMonitorPanel('cards', monitorCardsSchema, range, every);
  const hourly = useMonitorPanel('hourly', monitorHourlySchema, range, every);
  const voices = useMonitorPanel('voices', monitorTopVoicesSchema, range, every);
  const recent = useMonitorPanel('recent', monitorRecentSchema, range, every);
  const trends = useMonitorTrends(every);
  const stream = useMonitorStream(realtime, range);
  const all = [cards, hourly, voices, recent, trends];
  const fetching = all.some((q) => q.isFetching);
  const failed = all.find((q) => q.isError);
  const name = providers.data?.name ?? 'voice provider';
  const updatedAt = Math.max(...all.map((q) => q.dataUpdatedAt));

  return (
    <section aria-labelledby="monitor-title">
      <h2 id="monitor-title" className="text-2xl font-bold text-white">
        API Monitor
      </h2>
      <div className="mt-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap sm:gap-4">
        <label className="block text-sm font-medium text-zinc-200">
          Time range
          <select
            className={fieldClass}
            value={range}
            onChange={(e) => setRange(e.target.value as MonitorRange)}
          >
            {MONITOR_RANGES.map((r) => (
              <option key={r} value={r}>
                {MONITOR_RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-zinc-200">
          Refresh interval
          <select
            className={fieldClass}
            value={intervalMs}
            disabled={realtime}
            onChange={(e) => setIntervalMs(Number(e.target.value))}
          >
            {MONITOR_REFRESH_INTERVALS_MS.map((ms) => (
              <option key={ms} value={ms}>
                {INTERVAL_LABELS[ms]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-zinc-200">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-400"
            checked={realtime}
            onChange={(e) => setRealtime(e.target.checked)}
          />
          Real-time
        </label>
        <Button
          variant="secondary"
          disabled={realtime || fetching}
          onClick={() => all.forEach((q) => void q.refetch())}
        >
          Refresh Now
        </Button>
      </div>
      <p className="mt-2 min-h-5 text-sm text-zinc-400" role="status" aria-live="polite">
        {realtime
          ? STREAM_TEXT[stream]
          : updatedAt > 0
            ? `Updated ${timeFormat.format(updatedAt)} · every ${INTERVAL_LABELS[intervalMs]}`
            : ''}
      </p>

      {failed && (
        <Alert tone="error" className="mt-4">
          {userMessage(failed.error, ADMIN_DASHBOARD_LOAD_ERROR)}
        </Alert>
      )}

      {!cards.data ? (
        cards.isPending && (
          <p className="py-16 text-center text-zinc-400" role="status">
            {MONITOR_TEXTS.loading(name)}
          </p>
        )
      ) : (
        <div className="mt-4 space-y-6">
          <Cards cards={cards.data} providers={providers.data} />
          {trends.data && (
            <Section title="Usage Trends">
              <Trends trends={trends.data} />
            </Section>
          )}
          <Section title="Hourly Usage (UTC)">
            {hourly.data && <Hourly hourly={hourly.data} />}
          </Section>
          <Section title="Top Voice Usage">
            {voices.data && <TopVoices data={voices.data} />}
          </Section>
          <Section title="Recent Requests">{recent.data && <Recent data={recent.data} />}</Section>
        </div>
      )}
    </section>
  );
}
