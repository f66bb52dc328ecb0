// The phone header's button that opens a frame's navigation drawer (issue 17), shared by the
// employee and dealer frames: labelled, tells whether the drawer is open and which element it
// controls, and is the place the focus returns to when the drawer closes.
import type { RefObject } from 'react';
import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function DrawerToggle({
  open,
  controls,
  onOpen,
  buttonRef,
}: {
  open: boolean;
  controls: string;
  onOpen: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('app');
  return (
    <Button
      ref={buttonRef}
      type="text"
      className="touch-target"
      aria-label={t('frame.openMenu')}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      data-testid="menu-toggle"
      icon={<MenuOutlined />}
      onClick={onOpen}
    />
  );
}
