import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

/** The app's chunk plan (scripts/chunkPlan.ts) plans the app's build, not the stories'. */
function withoutChunkPlan(plugins: PluginOption[]): PluginOption[] {
  return plugins
    .map((p) => (Array.isArray(p) ? withoutChunkPlan(p) : p))
    .filter((p) => !(p && typeof p === 'object' && 'name' in p && p.name === 'formwork-chunk-plan'));
}

const config: StorybookConfig = {
  stories: ['../widgets/**/*.stories.@(ts|tsx)', '../runtime/**/*.stories.@(ts|tsx)', '../designer/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (config) => ({ ...config, plugins: withoutChunkPlan(config.plugins ?? []) }),
};
export default config;
