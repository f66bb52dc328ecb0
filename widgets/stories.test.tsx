// Stories double as tests: every story of every widget is composed with the project
// annotations (locale providers) and rendered in jsdom; a story that throws fails `npm test`.
import { describe, expect, it, beforeAll } from 'vitest';
import { render, screen } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { storyAnnotations } from './testing/storyDecorators';

type StoryModule = Record<string, unknown> & { default: { title: string } };
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

beforeAll(() => {
  setProjectAnnotations(storyAnnotations as Parameters<typeof setProjectAnnotations>[0]);
});

describe('every story renders', () => {
  it('finds the story files', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(43);
  });
  for (const [file, mod] of Object.entries(modules)) {
    describe(`${mod.default.title} (${file})`, () => {
      const stories = composeStories(mod) as Record<string, ComponentType & { args: Record<string, unknown> }>;
      for (const [name, Story] of Object.entries(stories)) {
        it(name, async () => {
          const { container } = render(<Story />);
          // the field (or the divider's section title) is on the page
          expect(container.querySelector('[data-testid^="field-"], [data-testid^="section-"]')).not.toBeNull();
          if (Story.args.error) expect(await screen.findByText(String(Story.args.error))).toBeInTheDocument();
        });
      }
    });
  }
});
