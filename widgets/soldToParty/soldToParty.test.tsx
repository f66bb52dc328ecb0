import { TC } from '../../schemas';
import { describePicker } from '../testing/pickerSuite';

describePicker(TC.SOLD_TO_PARTY);
