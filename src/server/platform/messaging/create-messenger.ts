import type { MessagingConfig } from '../env';
import { logMessenger } from './log-provider';
import type { MessengerOptions, ProviderMessenger } from './messenger';
import { smsMessenger } from './sms-provider';
import { whatsappMessenger } from './whatsapp-provider';

/** The provider MESSAGE_PROVIDER names, with its keys. */
export function createMessenger(config: MessagingConfig, options: MessengerOptions): ProviderMessenger {
  switch (config.provider) {
    case 'whatsapp':
      return whatsappMessenger(config, options);
    case 'sms':
      return smsMessenger(config, options);
    case 'log':
      return logMessenger(options);
  }
}
