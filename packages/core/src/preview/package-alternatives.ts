// What to use instead of a package Sprout does not offer, for the names models reach for most. The
// hint goes into the build's and the checks' message, so a fix round swaps the package instead of
// guessing another one Sprout does not have either.

const ICONS = "Use lucide-react's icons instead (import { Heart } from 'lucide-react').";
const DATES = 'Use date-fns instead.';
const DND = 'Use @dnd-kit/core and @dnd-kit/sortable instead.';
const CHARTS = 'Use recharts instead.';
const CSS_IN_JS = 'Style with Tailwind classes instead.';
const BACKEND = "Use the app's own backend client instead: import { db, auth, files } from '@/lib/sprout'.";

const ALTERNATIVES: Readonly<Record<string, string>> = {
  'react-icons': ICONS,
  '@heroicons/react': ICONS,
  '@radix-ui/react-icons': ICONS,
  '@fortawesome/react-fontawesome': ICONS,
  '@fortawesome/free-solid-svg-icons': ICONS,
  axios: "Use the browser's built-in fetch instead.",
  uuid: 'Use crypto.randomUUID() instead.',
  nanoid: 'Use crypto.randomUUID() instead.',
  moment: DATES,
  dayjs: DATES,
  luxon: DATES,
  'react-beautiful-dnd': DND,
  '@hello-pangea/dnd': DND,
  'react-dnd': DND,
  'chart.js': CHARTS,
  'react-chartjs-2': CHARTS,
  victory: CHARTS,
  '@nivo/core': CHARTS,
  lodash: 'Use plain JavaScript (Array and Object methods) instead.',
  'lodash-es': 'Use plain JavaScript (Array and Object methods) instead.',
  'styled-components': CSS_IN_JS,
  '@emotion/react': CSS_IN_JS,
  '@emotion/styled': CSS_IN_JS,
  'react-toastify': "Use sonner instead (import { toast, Toaster } from 'sonner').",
  redux: 'Use zustand instead.',
  'react-redux': 'Use zustand instead.',
  '@reduxjs/toolkit': 'Use zustand instead.',
  formik: 'Use react-hook-form instead.',
  yup: 'Use zod instead.',
  firebase: BACKEND,
  '@supabase/supabase-js': BACKEND,
  '@tanstack/react-query': "Use the app's backend client (useCollection from '@/lib/sprout') or the browser's fetch in an effect instead.",
  swr: "Use the app's backend client (useCollection from '@/lib/sprout') or the browser's fetch in an effect instead.",
};

/** What to use instead of `name`, or null when there is no single answer. */
export function packageAlternative(name: string): string | null {
  if (Object.hasOwn(ALTERNATIVES, name)) return ALTERNATIVES[name]!;
  if (name.startsWith('@radix-ui/react-')) return "Import the primitive from 'radix-ui' instead (import { Dialog } from 'radix-ui').";
  return null;
}
