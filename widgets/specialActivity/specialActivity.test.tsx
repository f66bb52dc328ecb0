import { TC } from '../../schemas';
import { describePicker } from '../testing/pickerSuite';

describePicker(TC.SPECIAL_ACTIVITY);
