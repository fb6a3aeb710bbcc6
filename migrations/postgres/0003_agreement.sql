INSERT INTO documents (slug, language, title, content)
VALUES ('agreement', 'zh_CN', 'jpmall 用户服务协议',
'欢迎使用 jpmall 一件代发平台。注册或使用本平台，即表示您已阅读并同意本协议。

一、账户。您应使用本人手机号注册，妥善保管密码，并对账户下的一切操作负责。发现账户被盗用时，请立即联系客服。

二、代发服务。平台按您提交的订单从档口采购商品并代为发货。商品价格、运费、服务费、质检费（基础质检每件 0.30 元，高级质检每件 1.30 元）及增值服务费在下单时列明。

三、资金。钱包余额可用于支付订单，可申请提现至已绑定的收款账户。充值、支付、退款与提现均有记录可查。

四、售后。退货类售后须在签收后 30 天内申请，审核通过后须填写退货物流单号。已发货商品不退还快递费、质检费和服务费；退款服务费按退款件数收取。错发类异常退货扣除 3.00 元保险费；退回错误仓库的代发商品在退款成功后扣除 1.00 元手续费。

五、个人信息。平台仅为提供服务收集必要信息，不会向无关第三方出售您的个人信息。

六、协议变更。平台可能更新本协议，更新后会在站内公告；继续使用即视为接受更新后的协议。'),
       ('agreement', 'en_US', 'jpmall User Service Agreement',
'Welcome to jpmall, a drop-shipping platform. By registering or using the platform you confirm that you have read and accept this agreement.

1. Account. Register with your own mobile number, keep your password safe, and take responsibility for everything done under your account. If your account is misused, contact customer service at once.

2. Drop-shipping. The platform buys goods from stalls for the orders you place and ships them on your behalf. Prices, shipping cost, service fees, quality-inspection fees (basic 0.30 yuan, advanced 1.30 yuan per item) and value-added service fees are shown when you order.

3. Funds. Your wallet balance pays for orders and can be withdrawn to the payout account you have bound. Every top-up, payment, refund and withdrawal is recorded.

4. After-sales. Returns must be requested within 30 days of receipt, and the return tracking number must be entered once the request is approved. Shipped goods do not get courier, inspection or service fees back; refund service fees are charged per refunded item. A wrong-item abnormal return deducts a 3.00 yuan insurance fee; drop-shipped goods returned to the wrong station deduct a 1.00 yuan handling fee after a successful refund.

5. Personal information. The platform collects only what it needs to provide the service and does not sell your personal information to unrelated third parties.

6. Changes. The platform may update this agreement and will announce updates on the site; continuing to use the platform means accepting the updated agreement.');
