// Languages: type → locale, switching follows in i18next, dayjs and the page; server keys overlay.
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { localeOfLanguageType } from '../../schemas/constants';
import { applyLocale, currentLocale, i18n, overlayServerKeys, storeLanguageType, storedLanguageType } from './i18n';
import { antdLocaleOf } from './antdLocales';

afterEach(async () => {
  await applyLocale('zh-CN');
  localStorage.clear();
});

describe('languages (spec §9)', () => {
  it('zh-CN is the default (type 1); 3 is en-US; any other type zh-TW', () => {
    expect(storedLanguageType()).toBe(1);
    expect(currentLocale()).toBe('zh-CN');
    expect(localeOfLanguageType(1)).toBe('zh-CN');
    expect(localeOfLanguageType(3)).toBe('en-US');
    expect(localeOfLanguageType(2)).toBe('zh-TW');
    expect(localeOfLanguageType(7)).toBe('zh-TW');
    storeLanguageType(3);
    expect(storedLanguageType()).toBe(3);
  });

  it('switching changes texts, dayjs and the page language; antd has a locale per language', async () => {
    expect(i18n.t('app:session.expiredTitle')).toBe('提醒');
    await applyLocale('en-US');
    expect(i18n.t('app:session.expiredTitle')).toBe('Reminder');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en-US');
    await applyLocale('zh-TW');
    expect(i18n.t('common:loading')).toBe('數據加載中，請稍候');
    expect(dayjs.locale()).toBe('zh-tw');
    // antd's locale loads with its language
    expect(antdLocaleOf('zh-TW').locale).toBe('zh-tw');
    expect(antdLocaleOf('en-US').locale).toBe('en');
    expect(antdLocaleOf('zh-CN').locale).toBe('zh-cn');
  });

  it('keys from the server overlay the bundled texts', () => {
    expect(i18n.t('app:workbench.shortcuts')).toBe('常用功能');
    expect(overlayServerKeys('zh-CN', { app: { workbench: { shortcuts: '快捷入口' } } })).toBe(1);
    expect(i18n.t('app:workbench.shortcuts')).toBe('快捷入口');
    // other keys of the namespace stay
    expect(i18n.t('app:workbench.lookupView')).toBe('查看申请单');
    overlayServerKeys('zh-CN', { app: { workbench: { shortcuts: '常用功能' } } });
  });
});
