export { PickerView as View } from '../shared/pickerWidget';
