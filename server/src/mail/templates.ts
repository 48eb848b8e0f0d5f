/**
 * The emails' words, in the member's language (the 11 locales of the site; English otherwise).
 * `{link}`, `{minutes}`, `{hours}` and `{title}` are filled in by `renderMail`.
 */
import { renderNotice } from './notice-texts.ts';
import { signupCodeTexts } from './signup-code-texts.ts';

export type MailTemplate = 'password_reset' | 'email_verify' | 'notification' | 'account_notice' | 'signup_code';

type Texts = Record<Exclude<MailTemplate, 'account_notice' | 'signup_code'>, { subject: string; text: string }>;

const TEXTS: Record<string, Texts> = {
  en: {
    password_reset: {
      subject: 'Reset your password',
      text: 'Someone asked to reset the password of your account.\n\nTo choose a new password, open this link within {minutes} minutes:\n{link}\n\nThe link works once. Resetting signs you out everywhere. If it was not you, ignore this email.',
    },
    email_verify: {
      subject: 'Confirm your email address',
      text: 'Welcome! Please confirm your email address by opening this link within {hours} hours:\n{link}\n\nYou can play before confirming; linking a messaging-app login needs a confirmed address.',
    },
    notification: { subject: '{title}', text: '{title}\n\nOpen your inbox: {link}\n\nYou get this email because you chose it in your account settings.' },
  },
  'zh-TW': {
    password_reset: {
      subject: '重設您的密碼',
      text: '有人要求重設您帳號的密碼。\n\n請在 {minutes} 分鐘內開啟此連結設定新密碼：\n{link}\n\n連結只能使用一次。重設後所有裝置都會登出。若不是您本人操作，請忽略此郵件。',
    },
    email_verify: {
      subject: '確認您的電子郵件地址',
      text: '歡迎！請在 {hours} 小時內開啟此連結確認您的電子郵件地址：\n{link}\n\n確認前即可遊玩；綁定通訊軟體登入需要已確認的地址。',
    },
    notification: { subject: '{title}', text: '{title}\n\n開啟收件匣：{link}\n\n您收到此郵件是因為您在帳號設定中選擇了它。' },
  },
  'zh-CN': {
    password_reset: {
      subject: '重置您的密码',
      text: '有人请求重置您账号的密码。\n\n请在 {minutes} 分钟内打开此链接设置新密码：\n{link}\n\n链接只能使用一次。重置后所有设备都会退出登录。如果不是您本人操作，请忽略此邮件。',
    },
    email_verify: {
      subject: '确认您的电子邮箱地址',
      text: '欢迎！请在 {hours} 小时内打开此链接确认您的电子邮箱地址：\n{link}\n\n确认前即可游玩；绑定通讯软件登录需要已确认的地址。',
    },
    notification: { subject: '{title}', text: '{title}\n\n打开收件箱：{link}\n\n您收到此邮件是因为您在账号设置中选择了它。' },
  },
  ja: {
    password_reset: {
      subject: 'パスワードの再設定',
      text: 'アカウントのパスワード再設定が依頼されました。\n\n{minutes} 分以内にこのリンクを開いて新しいパスワードを設定してください：\n{link}\n\nリンクは一度だけ使えます。再設定するとすべての端末からログアウトします。お心当たりがない場合はこのメールを無視してください。',
    },
    email_verify: {
      subject: 'メールアドレスの確認',
      text: 'ようこそ！{hours} 時間以内にこのリンクを開いてメールアドレスを確認してください：\n{link}\n\n確認前でもプレイできます。メッセージアプリのログイン連携には確認済みのアドレスが必要です。',
    },
    notification: { subject: '{title}', text: '{title}\n\n受信箱を開く：{link}\n\nアカウント設定で選択されたため、このメールをお送りしています。' },
  },
  de: {
    password_reset: {
      subject: 'Passwort zurücksetzen',
      text: 'Jemand hat das Zurücksetzen des Passworts Ihres Kontos angefordert.\n\nÖffnen Sie innerhalb von {minutes} Minuten diesen Link, um ein neues Passwort zu wählen:\n{link}\n\nDer Link funktioniert einmal. Das Zurücksetzen meldet Sie überall ab. Waren Sie es nicht, ignorieren Sie diese E-Mail.',
    },
    email_verify: {
      subject: 'E-Mail-Adresse bestätigen',
      text: 'Willkommen! Bitte bestätigen Sie Ihre E-Mail-Adresse innerhalb von {hours} Stunden über diesen Link:\n{link}\n\nSpielen können Sie schon vorher; für die Verknüpfung mit einer Messenger-Anmeldung ist eine bestätigte Adresse nötig.',
    },
    notification: {
      subject: '{title}',
      text: '{title}\n\nZum Posteingang: {link}\n\nSie erhalten diese E-Mail, weil Sie sie in Ihren Kontoeinstellungen gewählt haben.',
    },
  },
  es: {
    password_reset: {
      subject: 'Restablece tu contraseña',
      text: 'Alguien pidió restablecer la contraseña de tu cuenta.\n\nPara elegir una nueva, abre este enlace en los próximos {minutes} minutos:\n{link}\n\nEl enlace funciona una sola vez. Al restablecerla se cierran todas tus sesiones. Si no fuiste tú, ignora este correo.',
    },
    email_verify: {
      subject: 'Confirma tu correo electrónico',
      text: '¡Bienvenido! Confirma tu correo abriendo este enlace en las próximas {hours} horas:\n{link}\n\nPuedes jugar antes de confirmarlo; vincular un inicio de sesión de mensajería requiere un correo confirmado.',
    },
    notification: {
      subject: '{title}',
      text: '{title}\n\nAbre tu bandeja: {link}\n\nRecibes este correo porque lo elegiste en la configuración de tu cuenta.',
    },
  },
  fr: {
    password_reset: {
      subject: 'Réinitialisez votre mot de passe',
      text: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte.\n\nPour en choisir un nouveau, ouvrez ce lien dans les {minutes} minutes :\n{link}\n\nLe lien ne fonctionne qu’une fois. La réinitialisation vous déconnecte partout. Si ce n’était pas vous, ignorez cet e-mail.',
    },
    email_verify: {
      subject: 'Confirmez votre adresse e-mail',
      text: 'Bienvenue ! Confirmez votre adresse e-mail en ouvrant ce lien dans les {hours} heures :\n{link}\n\nVous pouvez jouer avant de confirmer ; lier une connexion par messagerie demande une adresse confirmée.',
    },
    notification: {
      subject: '{title}',
      text: '{title}\n\nOuvrir votre boîte de réception : {link}\n\nVous recevez cet e-mail parce que vous l’avez choisi dans les réglages de votre compte.',
    },
  },
  fil: {
    password_reset: {
      subject: 'I-reset ang iyong password',
      text: 'May humiling na i-reset ang password ng iyong account.\n\nPara pumili ng bagong password, buksan ang link na ito sa loob ng {minutes} minuto:\n{link}\n\nIsang beses lang gagana ang link. Mala-log out ka sa lahat ng device pagkatapos. Kung hindi ikaw ito, huwag pansinin ang email na ito.',
    },
    email_verify: {
      subject: 'Kumpirmahin ang iyong email address',
      text: 'Maligayang pagdating! Kumpirmahin ang iyong email sa pagbukas ng link na ito sa loob ng {hours} oras:\n{link}\n\nMakakapaglaro ka bago kumpirmahin; kailangan ng kumpirmadong address para mag-link ng messaging-app login.',
    },
    notification: {
      subject: '{title}',
      text: '{title}\n\nBuksan ang iyong inbox: {link}\n\nNatanggap mo ang email na ito dahil pinili mo ito sa mga setting ng iyong account.',
    },
  },
  id: {
    password_reset: {
      subject: 'Atur ulang kata sandi Anda',
      text: 'Seseorang meminta pengaturan ulang kata sandi akun Anda.\n\nUntuk memilih kata sandi baru, buka tautan ini dalam {minutes} menit:\n{link}\n\nTautan hanya berlaku sekali. Pengaturan ulang mengeluarkan Anda dari semua perangkat. Jika bukan Anda, abaikan email ini.',
    },
    email_verify: {
      subject: 'Konfirmasi alamat email Anda',
      text: 'Selamat datang! Konfirmasi alamat email Anda dengan membuka tautan ini dalam {hours} jam:\n{link}\n\nAnda bisa bermain sebelum konfirmasi; menautkan login aplikasi pesan memerlukan alamat yang dikonfirmasi.',
    },
    notification: { subject: '{title}', text: '{title}\n\nBuka kotak masuk Anda: {link}\n\nAnda menerima email ini karena memilihnya di pengaturan akun.' },
  },
  th: {
    password_reset: {
      subject: 'ตั้งรหัสผ่านใหม่',
      text: 'มีผู้ขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ\n\nเปิดลิงก์นี้ภายใน {minutes} นาทีเพื่อเลือกรหัสผ่านใหม่:\n{link}\n\nลิงก์ใช้ได้ครั้งเดียว การตั้งรหัสผ่านใหม่จะออกจากระบบทุกอุปกรณ์ หากไม่ใช่คุณ โปรดเพิกเฉยต่ออีเมลนี้',
    },
    email_verify: {
      subject: 'ยืนยันอีเมลของคุณ',
      text: 'ยินดีต้อนรับ! โปรดยืนยันอีเมลโดยเปิดลิงก์นี้ภายใน {hours} ชั่วโมง:\n{link}\n\nคุณเล่นได้ก่อนยืนยัน แต่การเชื่อมการเข้าสู่ระบบผ่านแอปแชตต้องใช้อีเมลที่ยืนยันแล้ว',
    },
    notification: { subject: '{title}', text: '{title}\n\nเปิดกล่องข้อความ: {link}\n\nคุณได้รับอีเมลนี้เพราะเลือกไว้ในการตั้งค่าบัญชี' },
  },
  vi: {
    password_reset: {
      subject: 'Đặt lại mật khẩu',
      text: 'Có người yêu cầu đặt lại mật khẩu tài khoản của bạn.\n\nĐể chọn mật khẩu mới, hãy mở liên kết này trong vòng {minutes} phút:\n{link}\n\nLiên kết chỉ dùng được một lần. Đặt lại sẽ đăng xuất bạn khỏi mọi thiết bị. Nếu không phải bạn, hãy bỏ qua email này.',
    },
    email_verify: {
      subject: 'Xác nhận địa chỉ email',
      text: 'Chào mừng! Vui lòng xác nhận email bằng cách mở liên kết này trong vòng {hours} giờ:\n{link}\n\nBạn có thể chơi trước khi xác nhận; liên kết đăng nhập ứng dụng nhắn tin cần địa chỉ đã xác nhận.',
    },
    notification: { subject: '{title}', text: '{title}\n\nMở hộp thư: {link}\n\nBạn nhận email này vì đã chọn trong cài đặt tài khoản.' },
  },
};

/** The inbox kinds' names (the client's `inbox.kind.*`), for the notification email's subject. */
const KIND_TITLES: Record<string, Record<string, string>> = {
  en: {
    order_purchased: 'Order purchased',
    order_refunded: 'Order failed and refunded',
    draw_result: 'Draw results',
    deposit_credited: 'Deposit credited',
    deposit_failed: 'Deposit failed',
    win_review: 'Large win under review',
    claim_step: 'Prize claim',
    notice: 'Notices',
    support_reply: 'Customer service replies',
    limit_lowered: 'Limits lowered by our staff',
    withdrawal: 'Withdrawals',
  },
  'zh-TW': {
    order_purchased: '訂單已購買',
    order_refunded: '訂單失敗並已退款',
    draw_result: '開獎結果',
    deposit_credited: '儲值已入帳',
    deposit_failed: '儲值失敗',
    win_review: '大額中獎審核中',
    claim_step: '領獎進度',
    notice: '公告',
    support_reply: '客服回覆',
    limit_lowered: '工作人員已調低您的限額',
    withdrawal: '提領',
  },
  'zh-CN': {
    order_purchased: '订单已购买',
    order_refunded: '订单失败并已退款',
    draw_result: '开奖结果',
    deposit_credited: '充值已到账',
    deposit_failed: '充值失败',
    win_review: '大额中奖审核中',
    claim_step: '领奖进度',
    notice: '公告',
    support_reply: '客服回复',
    limit_lowered: '工作人员已调低您的限额',
    withdrawal: '提现',
  },
  ja: {
    order_purchased: '注文の購入完了',
    order_refunded: '注文の失敗と返金',
    draw_result: '抽選結果',
    deposit_credited: '入金の反映',
    deposit_failed: '入金の失敗',
    win_review: '高額当選の審査中',
    claim_step: '当せん金の請求',
    notice: 'お知らせ',
    support_reply: 'カスタマーサービスの返信',
    limit_lowered: 'スタッフが上限を引き下げました',
    withdrawal: '出金',
  },
  de: {
    order_purchased: 'Auftrag gekauft',
    order_refunded: 'Auftrag fehlgeschlagen und erstattet',
    draw_result: 'Ziehungsergebnisse',
    deposit_credited: 'Einzahlung gutgeschrieben',
    deposit_failed: 'Einzahlung fehlgeschlagen',
    win_review: 'Großer Gewinn in Prüfung',
    claim_step: 'Gewinnanspruch',
    notice: 'Mitteilungen',
    support_reply: 'Antworten des Kundendienstes',
    limit_lowered: 'Limits von unseren Mitarbeitenden gesenkt',
    withdrawal: 'Auszahlungen',
  },
  es: {
    order_purchased: 'Pedido comprado',
    order_refunded: 'Pedido fallido y reembolsado',
    draw_result: 'Resultados del sorteo',
    deposit_credited: 'Depósito acreditado',
    deposit_failed: 'Depósito fallido',
    win_review: 'Premio grande en revisión',
    claim_step: 'Cobro de premio',
    notice: 'Avisos',
    support_reply: 'Respuestas de atención al cliente',
    limit_lowered: 'Límites reducidos por nuestro personal',
    withdrawal: 'Retiros',
  },
  fr: {
    order_purchased: 'Commande achetée',
    order_refunded: 'Commande échouée et remboursée',
    draw_result: 'Résultats des tirages',
    deposit_credited: 'Dépôt crédité',
    deposit_failed: 'Dépôt échoué',
    win_review: 'Gros gain en vérification',
    claim_step: 'Réclamation de gain',
    notice: 'Annonces',
    support_reply: 'Réponses du service client',
    limit_lowered: 'Limites baissées par notre équipe',
    withdrawal: 'Retraits',
  },
  fil: {
    order_purchased: 'Nabili ang order',
    order_refunded: 'Nabigo at na-refund ang order',
    draw_result: 'Resulta ng bola',
    deposit_credited: 'Naipasok ang deposito',
    deposit_failed: 'Nabigo ang deposito',
    win_review: 'Malaking panalo, sinusuri',
    claim_step: 'Pag-claim ng premyo',
    notice: 'Mga anunsyo',
    support_reply: 'Sagot ng customer service',
    limit_lowered: 'Ibinaba ng aming staff ang mga limit',
    withdrawal: 'Mga withdrawal',
  },
  id: {
    order_purchased: 'Pesanan dibeli',
    order_refunded: 'Pesanan gagal dan dikembalikan',
    draw_result: 'Hasil undian',
    deposit_credited: 'Deposit masuk',
    deposit_failed: 'Deposit gagal',
    win_review: 'Kemenangan besar sedang ditinjau',
    claim_step: 'Klaim hadiah',
    notice: 'Pengumuman',
    support_reply: 'Balasan layanan pelanggan',
    limit_lowered: 'Batas diturunkan oleh staf kami',
    withdrawal: 'Penarikan',
  },
  th: {
    order_purchased: 'ซื้อคำสั่งซื้อแล้ว',
    order_refunded: 'คำสั่งซื้อไม่สำเร็จและคืนเงินแล้ว',
    draw_result: 'ผลการออกรางวัล',
    deposit_credited: 'เติมเงินเข้าแล้ว',
    deposit_failed: 'เติมเงินไม่สำเร็จ',
    win_review: 'รางวัลใหญ่อยู่ระหว่างตรวจสอบ',
    claim_step: 'การเคลมรางวัล',
    notice: 'ประกาศ',
    support_reply: 'คำตอบจากฝ่ายบริการลูกค้า',
    limit_lowered: 'เจ้าหน้าที่ลดวงเงินของคุณแล้ว',
    withdrawal: 'การถอนเงิน',
  },
  vi: {
    order_purchased: 'Đơn hàng đã mua',
    order_refunded: 'Đơn hàng thất bại và đã hoàn tiền',
    draw_result: 'Kết quả quay số',
    deposit_credited: 'Nạp tiền thành công',
    deposit_failed: 'Nạp tiền thất bại',
    win_review: 'Giải lớn đang được xét duyệt',
    claim_step: 'Nhận giải thưởng',
    notice: 'Thông báo',
    support_reply: 'Phản hồi của chăm sóc khách hàng',
    limit_lowered: 'Nhân viên đã hạ hạn mức của bạn',
    withdrawal: 'Rút tiền',
  },
};

export function renderMail(template: MailTemplate, locale: string, params: Record<string, string | number>) {
  if (template === 'account_notice') return renderNotice(locale, params);
  const texts = template === 'signup_code' ? signupCodeTexts(locale) : (TEXTS[locale] ?? TEXTS.en!)[template];
  // A notification names its kind in the member's language.
  const values =
    template === 'notification' ? { title: (KIND_TITLES[locale] ?? KIND_TITLES.en!)[String(params.kind)] ?? String(params.kind), ...params } : params;
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key as keyof typeof values]) : whole));
  return { subject: fill(texts.subject), text: fill(texts.text) };
}
