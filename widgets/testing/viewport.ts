// Tests of phone layouts (issue 17): a window of a given width for jsdom, which has no
// matchMedia. Answers (max-width: …) and (min-width: …) queries; usePhone() (widgets/shared/viewport)
// and antd's Grid.useBreakpoint() read it. Undo with vi.unstubAllGlobals().
import { vi } from 'vitest';

export function stubWidth(px: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || px <= Number(max[1])) && (!min || px >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  });
}
