// Print and PDF export (spec §9): A4, html2canvas at scale 4, pages resampled to 300 dpi, and
// the watermark text (name, mobile, date yyyyMMdd; 未知登陆用户 / 未设置手机号 when missing).
import dayjs from 'dayjs';
import { DATE_FORMATS, DISPLAY_TEXT, PDF_EXPORT } from '../../schemas';

/** A4 in millimetres. */
export const A4_MM = { width: 210, height: 297 } as const;
const MM_PER_INCH = 25.4;

/** The watermark text: `name mobile yyyyMMdd`. */
export function watermarkText(user: { name?: string | null; mobile?: string | null } | null | undefined, date: Date = new Date()): string {
  const name = user?.name?.trim() || DISPLAY_TEXT.unknownUser;
  const mobile = user?.mobile?.trim() || DISPLAY_TEXT.noMobile;
  return `${name} ${mobile} ${dayjs(date).format(DATE_FORMATS.watermark)}`;
}

/** Pixel size of one A4 page at the export resolution (2480 × 3508 at 300 dpi). */
export function pagePixels(dpi: number = PDF_EXPORT.dpi): { width: number; height: number } {
  return { width: Math.round((A4_MM.width / MM_PER_INCH) * dpi), height: Math.round((A4_MM.height / MM_PER_INCH) * dpi) };
}

export interface PageSlice {
  /** source rectangle in the captured canvas */
  sy: number;
  sh: number;
  /** height of the slice on the page, in page pixels */
  dh: number;
}

/**
 * How a captured canvas (full page width) is cut into A4 pages: each page shows `sh` source
 * pixels starting at `sy`, scaled to the page width.
 */
export function pageSlices(canvasWidth: number, canvasHeight: number, dpi: number = PDF_EXPORT.dpi): PageSlice[] {
  if (canvasWidth <= 0 || canvasHeight <= 0) return [];
  const page = pagePixels(dpi);
  const ratio = page.width / canvasWidth;
  const perPage = Math.floor(page.height / ratio);
  const out: PageSlice[] = [];
  for (let sy = 0; sy < canvasHeight; sy += perPage) {
    const sh = Math.min(perPage, canvasHeight - sy);
    out.push({ sy, sh, dh: Math.round(sh * ratio) });
  }
  return out;
}

/** Capture an element and save it as an A4 PDF (libraries load on demand). */
export async function exportElementToPdf(element: HTMLElement, fileName: string): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import('html2canvas'), import('jspdf')]);
  const canvas = await html2canvas(element, { scale: PDF_EXPORT.scale, useCORS: true, backgroundColor: '#ffffff', logging: false });
  const pdf = new jsPDF({ unit: 'mm', format: PDF_EXPORT.format, orientation: 'portrait', compress: true });
  const page = pagePixels();
  pageSlices(canvas.width, canvas.height).forEach((s, i) => {
    const pageCanvas = document.createElement('canvas');
    pageCanvas.width = page.width;
    pageCanvas.height = s.dh;
    const ctx = pageCanvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, page.width, s.dh);
    ctx.drawImage(canvas, 0, s.sy, canvas.width, s.sh, 0, 0, page.width, s.dh);
    if (i > 0) pdf.addPage(PDF_EXPORT.format, 'portrait');
    pdf.addImage(pageCanvas.toDataURL('image/jpeg', 0.92), 'JPEG', 0, 0, A4_MM.width, (s.dh / page.width) * A4_MM.width);
  });
  pdf.save(fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`);
}
