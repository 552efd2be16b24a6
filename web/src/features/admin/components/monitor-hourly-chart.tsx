import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type TooltipItem,
} from 'chart.js';
import type { MonitorHourly } from '@doublecast/common/monitor';
import { countFormat } from './format';
import { hourLabel } from './monitor-hour';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/**
 * The hourly usage bar chart on Chart.js (loaded with this file only when the monitor opens):
 * requests per hour, and on hover the hour's requests, characters and errors. The canvas is
 * hidden from assistive technology; the panel gives the same figures as a table.
 */
export default function MonitorHourlyChart({ buckets }: { buckets: MonitorHourly['buckets'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  // What the tooltip reads: the buckets drawn now.
  const shown = useRef(buckets);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { ticks: { color: '#a1a1aa' }, grid: { color: '#27272a' } },
          y: {
            beginAtZero: true,
            ticks: { color: '#a1a1aa', precision: 0 },
            grid: { color: '#27272a' },
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: () => '',
              afterBody: (items: TooltipItem<'bar'>[]) => {
                const b = shown.current[items[0]?.dataIndex ?? -1];
                return b
                  ? [
                      `Requests: ${countFormat.format(b.requests)}`,
                      `Characters: ${countFormat.format(b.characters)}`,
                      `Errors: ${countFormat.format(b.errors)}`,
                    ]
                  : [];
              },
            },
          },
        },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    shown.current = buckets;
    c.data.labels = buckets.map((b) => hourLabel(b.hour));
    c.data.datasets = [
      {
        label: 'Requests',
        data: buckets.map((b) => b.requests),
        backgroundColor: buckets.map((b) => (b.errors > 0 ? '#f59e0b' : '#818cf8')),
        borderRadius: 4,
        maxBarThickness: 32,
      },
    ];
    c.update();
  }, [buckets]);

  return (
    <div className="relative h-64 w-full">
      <canvas ref={canvas} aria-hidden="true" />
    </div>
  );
}
