import type { FileRef } from '../../schemas';
import type { WidgetProps } from '../types';
import { UploadList } from '../shared/UploadList';
import { inputAria } from '../shared/aria';

/** Image (97): uploaded pictures with thumbnails, preview and zoom (FileRef[]). */
export function Widget(props: WidgetProps<FileRef[]>) {
  return <UploadList kind="image" {...props} ariaProps={inputAria(props)} />;
}
