import type { SiteAnalytics, SiteDevice } from '@sprout/core/contract';

// The Devices list: each kind of device by name, its visitors, and its share of them.

const DEVICE_LABELS: Record<SiteDevice, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

export interface DeviceRow {
  device: SiteDevice;
  label: string;
  visitors: number;
  /** "67%"; "<1%" for a few among many, which a rounded 0% would hide. */
  share: string;
}

/** The report's devices in its order (most visitors first), each with its share of the visitors listed. */
export function deviceRows(devices: SiteAnalytics['devices']): DeviceRow[] {
  const total = devices.reduce((sum, d) => sum + d.visitors, 0);
  return devices.map((d) => {
    const percent = total > 0 ? (d.visitors / total) * 100 : 0;
    const share = percent > 0 && percent < 0.5 ? '<1%' : `${Math.round(percent)}%`;
    return { device: d.device, label: DEVICE_LABELS[d.device], visitors: d.visitors, share };
  });
}
