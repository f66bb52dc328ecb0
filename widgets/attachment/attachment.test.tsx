import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TC, type FileRef } from '../../schemas';
import { renderField } from '../testing/render';
import { FIXTURE_FILES } from '../testing/fixtures';
import { acceptsType, checkFile } from '../shared/fileRules';

const fileInput = (c: HTMLElement) => c.querySelector('input[type="file"]') as HTMLInputElement;
const pdf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

describe('21 附件 attachment', () => {
  it('uploads a file: value out is its FileRef', async () => {
    const r = renderField(TC.ATTACHMENT, { label: '陈列协议' });
    await r.user.upload(fileInput(r.container), pdf('协议.pdf', 2048));
    await waitFor(() => expect(r.value()).toEqual([expect.objectContaining({ name: '协议.pdf', size: 2048, type: 'application/pdf' })]));
    expect((r.value() as FileRef[])[0].id).toMatch(/^\d{19}$/);
  });

  it('rejects an oversize file', async () => {
    const r = renderField(TC.ATTACHMENT, { label: '陈列协议', field: { file: { maxSizeMb: 1 } } });
    await r.user.upload(fileInput(r.container), pdf('大文件.pdf', 1024 * 1024 + 1));
    expect(await r.findByTestId('upload-problem')).toHaveTextContent('“大文件.pdf”超过 1 MB');
    expect(r.value()).toBeUndefined();
  });

  it('rejects a wrong type', async () => {
    const r = renderField(TC.ATTACHMENT, { label: '陈列协议', field: { file: { accept: ['.pdf'] } } });
    const exe = new File([new Uint8Array(10)], 'setup.exe', { type: 'application/x-msdownload' });
    await r.user.upload(fileInput(r.container), exe);
    expect(await r.findByTestId('upload-problem')).toHaveTextContent('“setup.exe”的类型不允许');
    expect(r.value()).toBeUndefined();
  });

  it('deletes a file', async () => {
    const r = renderField(TC.ATTACHMENT, { label: '陈列协议', value: FIXTURE_FILES });
    const remove = r.getAllByRole('button', { name: /删除文件/ });
    expect(remove).toHaveLength(2);
    await r.user.click(remove[0]);
    await waitFor(() => expect(r.value()).toEqual([FIXTURE_FILES[1]]));
  });

  it('lists files as download links with sizes in the View', () => {
    const r = renderField(TC.ATTACHMENT, { view: true, value: FIXTURE_FILES });
    const link = r.getByRole('link', { name: '下载 2026年11月陈列协议.pdf' });
    expect(link).toHaveAttribute('href', `#download-${FIXTURE_FILES[0].id}`);
    expect(r.container.textContent).toContain('470.8 KB');
  });

  describe('with a host that fetches files with the session (no URLs)', () => {
    const made: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    afterEach(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
      made.length = 0;
    });
    const stubUrls = () => {
      URL.createObjectURL = (b: Blob | MediaSource) => {
        made.push(b as Blob);
        return `blob:fw/${made.length}`;
      };
      URL.revokeObjectURL = () => {};
    };

    it('downloads through fetchFile from the View, and says so when it fails', async () => {
      stubUrls();
      const fetchFile = vi.fn(async (f: FileRef) => {
        if (f.id === FIXTURE_FILES[1].id) throw new Error('403');
        return new Blob(['%PDF-1.4'], { type: f.type });
      });
      const clicked: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this.download);
      });
      const r = renderField(TC.ATTACHMENT, { view: true, value: FIXTURE_FILES, services: { fetchFile } });
      expect(r.queryByRole('link')).toBeNull();
      await r.user.click(r.getByRole('button', { name: `下载 ${FIXTURE_FILES[0].name}` }));
      await waitFor(() => expect(clicked).toEqual([FIXTURE_FILES[0].name]));
      expect(fetchFile).toHaveBeenCalledWith(FIXTURE_FILES[0]);
      expect(await made[0].text()).toBe('%PDF-1.4');
      await r.user.click(r.getByRole('button', { name: `下载 ${FIXTURE_FILES[1].name}` }));
      expect(await r.findByRole('alert')).toHaveTextContent(`“${FIXTURE_FILES[1].name}”下载失败`);
      click.mockRestore();
    });

    it('offers the download icon in the edit list when only fetchFile is given', async () => {
      stubUrls();
      const fetchFile = vi.fn(async (f: FileRef) => new Blob(['x'], { type: f.type }));
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const r = renderField(TC.ATTACHMENT, { value: FIXTURE_FILES, services: { fetchFile } });
      const icons = r.getAllByRole('button', { name: /下载/ });
      expect(icons.length).toBeGreaterThan(0);
      await r.user.click(icons[0]);
      await waitFor(() => expect(fetchFile).toHaveBeenCalledWith(FIXTURE_FILES[0]));
      click.mockRestore();
    });
  });

  it('checks limits as plain functions', () => {
    const rules = { maxSizeMb: 1, accept: ['image/*', '.pdf'], maxCount: 2 };
    expect(acceptsType({ name: 'a.PDF', type: '' }, rules.accept)).toBe(true);
    expect(acceptsType({ name: 'a.png', type: 'image/png' }, rules.accept)).toBe(true);
    expect(acceptsType({ name: 'a.doc', type: 'application/msword' }, rules.accept)).toBe(false);
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 10 }, rules, 2)).toEqual({ kind: 'count', maxCount: 2 });
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 2 * 1024 * 1024 }, rules, 0)).toEqual({ kind: 'size', maxSizeMb: 1 });
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 10 }, rules, 0)).toBeUndefined();
  });
});
