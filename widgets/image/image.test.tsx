import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TC, type FileRef } from '../../schemas';
import { renderField } from '../testing/render';
import { fixtureServices } from '../testing/fixtures';
import { FIXTURE_IMAGES, withImageUrls } from '../testing/images';

const fileInput = (c: HTMLElement) => c.querySelector('input[type="file"]') as HTMLInputElement;

describe('97 图片 image', () => {
  it('uploads a picture: value out is its FileRef', async () => {
    const r = renderField(TC.IMAGE, { label: '陈列照片' });
    const png = new File([new Uint8Array(4096)], '端架.png', { type: 'image/png' });
    await r.user.upload(fileInput(r.container), png);
    await waitFor(() => expect(r.value()).toEqual([expect.objectContaining({ name: '端架.png', type: 'image/png', size: 4096 })]));
  });

  it('rejects a file that is not a picture', async () => {
    const r = renderField(TC.IMAGE, { label: '陈列照片' });
    const pdf = new File([new Uint8Array(10)], '协议.pdf', { type: 'application/pdf' });
    await r.user.upload(fileInput(r.container), pdf);
    expect(await r.findByTestId('upload-problem')).toHaveTextContent('“协议.pdf”的类型不允许');
    expect(r.value()).toBeUndefined();
  });

  it('rejects an oversize picture (5 MB by default)', async () => {
    const r = renderField(TC.IMAGE, { label: '陈列照片' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], '大图.jpg', { type: 'image/jpeg' });
    await r.user.upload(fileInput(r.container), big);
    expect(await r.findByTestId('upload-problem')).toHaveTextContent('超过 5 MB');
  });

  it('shows thumbnails with their names as alt text in the View', () => {
    const r = renderField(TC.IMAGE, { view: true, value: FIXTURE_IMAGES, services: withImageUrls(fixtureServices()) });
    expect(r.getByAltText(FIXTURE_IMAGES[0].name)).toBeInTheDocument();
    expect(r.getByAltText(FIXTURE_IMAGES[1].name)).toBeInTheDocument();
  });

  it('draws thumbnails from fetchFile (session-authenticated) as object URLs, and frees them on unmount', async () => {
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    const live = new Set<string>();
    let n = 0;
    URL.createObjectURL = () => {
      const url = `blob:fw/${++n}`;
      live.add(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void live.delete(url);
    try {
      const fetchFile = vi.fn(async (f: FileRef) => new Blob([f.id], { type: f.type }));
      const r = renderField(TC.IMAGE, { view: true, value: FIXTURE_IMAGES, services: { fetchFile } });
      const img = await r.findByRole('img', { name: FIXTURE_IMAGES[0].name });
      expect(img.getAttribute('src')).toMatch(/^blob:fw\/\d+$/);
      expect(fetchFile).toHaveBeenCalledTimes(FIXTURE_IMAGES.length);
      expect(live.size).toBe(FIXTURE_IMAGES.length);
      r.unmount();
      expect(live.size).toBe(0);
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });
});
