import { ImageResponse } from 'next/og';
import { AppIconImage } from '@/ui/app-icon-image';

const SIZES = new Set([192, 512]);

export async function GET(_req: Request, { params }: { params: Promise<{ size: string }> }) {
  const size = Number((await params).size);
  if (!SIZES.has(size)) return new Response('Not found', { status: 404 });
  return new ImageResponse(<AppIconImage size={size} />, {
    width: size,
    height: size,
    headers: { 'cache-control': 'public, max-age=86400, immutable' },
  });
}
