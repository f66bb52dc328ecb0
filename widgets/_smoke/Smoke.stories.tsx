import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from 'antd';

const meta: Meta<typeof Button> = { title: 'Foundation/Smoke', component: Button, args: { children: '提交' } };
export default meta;
export const Primary: StoryObj<typeof Button> = { args: { type: 'primary' } };
