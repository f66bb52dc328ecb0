import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import type { DocumentChain } from '../../../schemas/api';
import { DocumentChainPanel } from './DocumentChainPanel';
import { FULL_CHAIN, LONE_CHAIN, SETTLEMENT_ID, SUBMITTED_CHAIN } from './fixtures';

const answer = (chain: DocumentChain) => async () => chain;

const meta = {
  title: 'Expense/DocumentChainPanel',
  component: DocumentChainPanel,
  args: { recordId: SETTLEMENT_ID, locale: 'zh-CN', load: answer(FULL_CHAIN) },
  argTypes: { locale: { control: 'select', options: ['zh-CN', 'en-US', 'zh-TW'] } },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <div style={{ maxWidth: 1100, padding: 16 }}>
          <Story />
        </div>
      </MemoryRouter>
    ),
  ],
} satisfies Meta<typeof DocumentChainPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A settlement's page: the whole chain (a write-off the viewer may not open is plain text). */
export const FullChain: Story = {};
/** An application in approval: its money held, nothing made from it yet. */
export const Submitted: Story = { args: { load: answer(SUBMITTED_CHAIN) } };
/** A document with nothing linked. */
export const Empty: Story = { args: { load: answer(LONE_CHAIN) } };
/** Still loading. */
export const Loading: Story = { args: { load: () => new Promise<DocumentChain>(() => {}) } };
/** The server failed: the message and a retry. */
export const Failed: Story = { args: { load: async () => Promise.reject(new Error('服务器繁忙')) } };
/** English texts. */
export const English: Story = { args: { locale: 'en-US' }, globals: { locale: 'en-US' } };
