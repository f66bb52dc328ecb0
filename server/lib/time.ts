// Date strings of spec §9 (yyyy-MM-dd HH:mm:ss) for the record system fields.
import dayjs from 'dayjs';
import { DATE_FORMATS } from '../../schemas/constants';

export const nowText = (d: Date = new Date()) => dayjs(d).format(DATE_FORMATS.general);
