/**
 * Security notices to an account's owner (issue 29, ASVS 2.2.3 / 2.5.x): what happened, when
 * (UTC), from which address, and what to do if it was not them. One email body per language and
 * one sentence per event; `renderNotice` fills them in.
 */
export const NOTICE_EVENTS = [
  'password_changed',
  'password_reset',
  'provider_linked',
  'provider_unlinked',
  'new_address_login',
  'locked_login',
  'signup_existing',
] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

interface NoticeTexts {
  subject: string;
  /** `{event}`, `{at}`, `{address}`, `{provider}`, `{link}`. */
  text: string;
  events: Record<NoticeEvent, string>;
}

const NOTICES: Record<string, NoticeTexts> = {
  en: {
    subject: 'Security notice for your account',
    text: '{event}\n\nWhen: {at} (UTC)\nFrom address: {address}\n\nIf this was you, there is nothing to do. If it was not, reset your password now ({link}) and contact customer service.',
    events: {
      password_changed: 'The password of your account was changed.',
      password_reset: 'The password of your account was reset with an emailed link; every session was signed out.',
      provider_linked: 'A {provider} login was linked to your account.',
      provider_unlinked: 'The {provider} login was unlinked from your account.',
      new_address_login: 'Your account was signed in to from an address it had not used before.',
      locked_login: 'Someone signed in with your password, but your account is locked. Contact customer service to unlock it.',
      signup_existing:
        'Someone tried to create a new account with your email address. You already have an account: log in, or reset your password if you forgot it.',
    },
  },
  'zh-TW': {
    subject: '您帳號的安全通知',
    text: '{event}\n\n時間：{at}（UTC）\n來源位址：{address}\n\n若是您本人操作，無需任何動作。若不是，請立即重設密碼（{link}）並聯絡客服。',
    events: {
      password_changed: '您帳號的密碼已變更。',
      password_reset: '您帳號的密碼已透過電子郵件連結重設，所有登入階段均已登出。',
      provider_linked: '已將 {provider} 登入綁定到您的帳號。',
      provider_unlinked: '已從您的帳號解除 {provider} 登入的綁定。',
      new_address_login: '您的帳號從一個未曾使用過的位址登入。',
      locked_login: '有人以您的密碼登入，但您的帳號已被鎖定。請聯絡客服解除鎖定。',
      signup_existing: '有人嘗試以您的電子郵件地址註冊新帳號。您已經有帳號：請直接登入，若忘記密碼請重設。',
    },
  },
  'zh-CN': {
    subject: '您账号的安全通知',
    text: '{event}\n\n时间：{at}（UTC）\n来源地址：{address}\n\n如果是您本人操作，无需任何操作。如果不是，请立即重置密码（{link}）并联系客服。',
    events: {
      password_changed: '您账号的密码已更改。',
      password_reset: '您账号的密码已通过电子邮件链接重置，所有登录会话均已退出。',
      provider_linked: '已将 {provider} 登录绑定到您的账号。',
      provider_unlinked: '已从您的账号解除 {provider} 登录的绑定。',
      new_address_login: '您的账号从一个从未使用过的地址登录。',
      locked_login: '有人用您的密码登录，但您的账号已被锁定。请联系客服解锁。',
      signup_existing: '有人尝试用您的电子邮箱注册新账号。您已经有账号：请直接登录，如果忘记密码请重置。',
    },
  },
  ja: {
    subject: 'アカウントのセキュリティ通知',
    text: '{event}\n\n日時：{at}（UTC）\n接続元アドレス：{address}\n\nご本人の操作であれば対応は不要です。お心当たりがない場合は、すぐにパスワードを再設定し（{link}）、カスタマーサービスにご連絡ください。',
    events: {
      password_changed: 'アカウントのパスワードが変更されました。',
      password_reset: 'メールのリンクでアカウントのパスワードが再設定され、すべてのセッションがログアウトされました。',
      provider_linked: '{provider} ログインがアカウントに連携されました。',
      provider_unlinked: '{provider} ログインの連携がアカウントから解除されました。',
      new_address_login: 'これまで使われたことのないアドレスからアカウントにログインがありました。',
      locked_login: 'あなたのパスワードでログインがありましたが、アカウントはロックされています。解除はカスタマーサービスへご連絡ください。',
      signup_existing:
        'あなたのメールアドレスで新しいアカウントを作成しようとした人がいます。すでにアカウントをお持ちです。ログインするか、お忘れの場合はパスワードを再設定してください。',
    },
  },
  de: {
    subject: 'Sicherheitshinweis zu Ihrem Konto',
    text: '{event}\n\nWann: {at} (UTC)\nVon Adresse: {address}\n\nWaren Sie es, ist nichts zu tun. Wenn nicht, setzen Sie Ihr Passwort sofort zurück ({link}) und wenden Sie sich an den Kundendienst.',
    events: {
      password_changed: 'Das Passwort Ihres Kontos wurde geändert.',
      password_reset: 'Das Passwort Ihres Kontos wurde über einen E-Mail-Link zurückgesetzt; alle Sitzungen wurden abgemeldet.',
      provider_linked: 'Eine {provider}-Anmeldung wurde mit Ihrem Konto verknüpft.',
      provider_unlinked: 'Die {provider}-Anmeldung wurde von Ihrem Konto getrennt.',
      new_address_login: 'Ihr Konto wurde von einer Adresse aus angemeldet, die es zuvor nicht genutzt hatte.',
      locked_login: 'Jemand hat sich mit Ihrem Passwort angemeldet, aber Ihr Konto ist gesperrt. Wenden Sie sich zum Entsperren an den Kundendienst.',
      signup_existing:
        'Jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Konto anzulegen. Sie haben bereits ein Konto: Melden Sie sich an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben.',
    },
  },
  es: {
    subject: 'Aviso de seguridad de tu cuenta',
    text: '{event}\n\nCuándo: {at} (UTC)\nDesde la dirección: {address}\n\nSi fuiste tú, no hace falta hacer nada. Si no, restablece tu contraseña ahora ({link}) y contacta con atención al cliente.',
    events: {
      password_changed: 'Se cambió la contraseña de tu cuenta.',
      password_reset: 'Se restableció la contraseña de tu cuenta con un enlace enviado por correo; se cerraron todas las sesiones.',
      provider_linked: 'Se vinculó un inicio de sesión de {provider} a tu cuenta.',
      provider_unlinked: 'Se desvinculó el inicio de sesión de {provider} de tu cuenta.',
      new_address_login: 'Se inició sesión en tu cuenta desde una dirección que no había usado antes.',
      locked_login: 'Alguien inició sesión con tu contraseña, pero tu cuenta está bloqueada. Contacta con atención al cliente para desbloquearla.',
      signup_existing: 'Alguien intentó crear una cuenta nueva con tu correo. Ya tienes una cuenta: inicia sesión o restablece tu contraseña si la olvidaste.',
    },
  },
  fr: {
    subject: 'Avis de sécurité concernant votre compte',
    text: '{event}\n\nQuand : {at} (UTC)\nDepuis l’adresse : {address}\n\nSi c’était vous, il n’y a rien à faire. Sinon, réinitialisez votre mot de passe maintenant ({link}) et contactez le service client.',
    events: {
      password_changed: 'Le mot de passe de votre compte a été modifié.',
      password_reset: 'Le mot de passe de votre compte a été réinitialisé par un lien envoyé par e-mail ; toutes les sessions ont été fermées.',
      provider_linked: 'Une connexion {provider} a été liée à votre compte.',
      provider_unlinked: 'La connexion {provider} a été retirée de votre compte.',
      new_address_login: 'Une connexion à votre compte a eu lieu depuis une adresse jamais utilisée auparavant.',
      locked_login: 'Quelqu’un s’est connecté avec votre mot de passe, mais votre compte est bloqué. Contactez le service client pour le débloquer.',
      signup_existing:
        'Quelqu’un a essayé de créer un nouveau compte avec votre adresse e-mail. Vous avez déjà un compte : connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié.',
    },
  },
  fil: {
    subject: 'Abiso sa seguridad ng iyong account',
    text: '{event}\n\nKailan: {at} (UTC)\nMula sa address: {address}\n\nKung ikaw ito, wala kang kailangang gawin. Kung hindi, i-reset agad ang iyong password ({link}) at makipag-ugnayan sa customer service.',
    events: {
      password_changed: 'Napalitan ang password ng iyong account.',
      password_reset: 'Na-reset ang password ng iyong account gamit ang link sa email; na-log out ang lahat ng session.',
      provider_linked: 'May {provider} login na na-link sa iyong account.',
      provider_unlinked: 'Inalis ang pagka-link ng {provider} login sa iyong account.',
      new_address_login: 'May nag-log in sa iyong account mula sa address na hindi pa nito nagamit.',
      locked_login: 'May nag-log in gamit ang iyong password, pero naka-lock ang iyong account. Makipag-ugnayan sa customer service para ma-unlock ito.',
      signup_existing:
        'May sumubok gumawa ng bagong account gamit ang iyong email. May account ka na: mag-log in, o i-reset ang password kung nakalimutan mo ito.',
    },
  },
  id: {
    subject: 'Pemberitahuan keamanan akun Anda',
    text: '{event}\n\nWaktu: {at} (UTC)\nDari alamat: {address}\n\nJika itu Anda, tidak perlu melakukan apa pun. Jika bukan, segera atur ulang kata sandi Anda ({link}) dan hubungi layanan pelanggan.',
    events: {
      password_changed: 'Kata sandi akun Anda telah diubah.',
      password_reset: 'Kata sandi akun Anda diatur ulang melalui tautan email; semua sesi telah dikeluarkan.',
      provider_linked: 'Login {provider} telah ditautkan ke akun Anda.',
      provider_unlinked: 'Login {provider} telah dilepas dari akun Anda.',
      new_address_login: 'Akun Anda masuk dari alamat yang belum pernah digunakan sebelumnya.',
      locked_login: 'Seseorang masuk dengan kata sandi Anda, tetapi akun Anda terkunci. Hubungi layanan pelanggan untuk membukanya.',
      signup_existing: 'Seseorang mencoba membuat akun baru dengan alamat email Anda. Anda sudah punya akun: masuk, atau atur ulang kata sandi jika lupa.',
    },
  },
  th: {
    subject: 'การแจ้งเตือนด้านความปลอดภัยของบัญชี',
    text: '{event}\n\nเวลา: {at} (UTC)\nจากที่อยู่: {address}\n\nหากเป็นคุณ ไม่ต้องทำอะไร หากไม่ใช่ โปรดตั้งรหัสผ่านใหม่ทันที ({link}) และติดต่อฝ่ายบริการลูกค้า',
    events: {
      password_changed: 'รหัสผ่านของบัญชีคุณถูกเปลี่ยนแล้ว',
      password_reset: 'รหัสผ่านของบัญชีคุณถูกตั้งใหม่ผ่านลิงก์ในอีเมล และทุกเซสชันถูกออกจากระบบแล้ว',
      provider_linked: 'มีการเชื่อมการเข้าสู่ระบบด้วย {provider} กับบัญชีของคุณ',
      provider_unlinked: 'มีการยกเลิกการเชื่อมการเข้าสู่ระบบด้วย {provider} จากบัญชีของคุณ',
      new_address_login: 'มีการเข้าสู่ระบบบัญชีของคุณจากที่อยู่ที่ไม่เคยใช้มาก่อน',
      locked_login: 'มีผู้เข้าสู่ระบบด้วยรหัสผ่านของคุณ แต่บัญชีของคุณถูกล็อกอยู่ โปรดติดต่อฝ่ายบริการลูกค้าเพื่อปลดล็อก',
      signup_existing: 'มีผู้พยายามสร้างบัญชีใหม่ด้วยอีเมลของคุณ คุณมีบัญชีอยู่แล้ว: โปรดเข้าสู่ระบบ หรือตั้งรหัสผ่านใหม่หากลืม',
    },
  },
  vi: {
    subject: 'Thông báo bảo mật tài khoản',
    text: '{event}\n\nThời điểm: {at} (UTC)\nTừ địa chỉ: {address}\n\nNếu là bạn, không cần làm gì. Nếu không, hãy đặt lại mật khẩu ngay ({link}) và liên hệ chăm sóc khách hàng.',
    events: {
      password_changed: 'Mật khẩu tài khoản của bạn đã được thay đổi.',
      password_reset: 'Mật khẩu tài khoản của bạn đã được đặt lại qua liên kết trong email; mọi phiên đã bị đăng xuất.',
      provider_linked: 'Đăng nhập {provider} đã được liên kết với tài khoản của bạn.',
      provider_unlinked: 'Đăng nhập {provider} đã được gỡ liên kết khỏi tài khoản của bạn.',
      new_address_login: 'Tài khoản của bạn được đăng nhập từ một địa chỉ chưa từng dùng trước đây.',
      locked_login: 'Có người đăng nhập bằng mật khẩu của bạn, nhưng tài khoản đang bị khóa. Hãy liên hệ chăm sóc khách hàng để mở khóa.',
      signup_existing: 'Có người thử tạo tài khoản mới bằng email của bạn. Bạn đã có tài khoản: hãy đăng nhập, hoặc đặt lại mật khẩu nếu quên.',
    },
  },
};

/** The notice's subject and body in `locale` (English otherwise). */
export function renderNotice(locale: string, params: Record<string, string | number>) {
  const texts = NOTICES[locale] ?? NOTICES.en!;
  const event = texts.events[String(params.event) as NoticeEvent] ?? String(params.event);
  const values: Record<string, string | number> = { ...params, event };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
  return { subject: fill(texts.subject), text: fill(fill(texts.text)) };
}
