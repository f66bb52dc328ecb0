// Offline sample images (SVG data URLs) for image stories and tests.
import type { FileRef } from '../../schemas';
import type { WidgetServices } from '../types';

const svg = (text: string, color: string) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="${color}"/><text x="160" y="128" font-size="28" text-anchor="middle" fill="#fff">${text}</text></svg>`)}`;

export const FIXTURE_IMAGES: FileRef[] = [
  { id: '1800097000000000901', name: '端架陈列-上海中山路店.jpg', size: 842_113, type: 'image/jpeg' },
  { id: '1800097000000000902', name: '堆头照片-杭州人民路店.png', size: 1_203_551, type: 'image/png' },
];
const COLORS = ['#1f6f43', '#8a3ffc'];

/** Services whose download URLs of the fixture images are the SVG samples. */
export function withImageUrls(services: WidgetServices): WidgetServices {
  return {
    ...services,
    downloadUrl: (ref) => {
      const i = FIXTURE_IMAGES.findIndex((f) => f.id === ref.id);
      return svg(ref.name.replace(/\..*$/, '').slice(0, 8), COLORS[Math.max(i, 0) % COLORS.length]);
    },
  };
}
