pub mod address;
pub mod admin;
pub mod admin_desk;
pub mod admin_orders;
pub mod admin_shipping;
pub mod admin_waves;
pub mod aftersale;
pub mod cart;
pub mod catalog;
pub mod catalog_admin;
pub mod catalog_imports;
pub mod coupon;
pub mod excel;
pub mod fund;
pub mod labels;
pub mod listing;
pub mod message;
pub mod order;
pub mod order_pay_batch;
pub mod pay;
pub mod platform_orders;
pub mod platform_rates;
pub mod site;
pub mod sms;
pub mod staff;
pub mod upload;
pub mod user;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, HeaderValue};
use axum::middleware;
use axum::routing::{get, post};
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::error::AppError;
use crate::staff_gate::{self, needs};
use crate::state::AppState;
use crate::{envelope, media, web};

/// JSON bodies above this are refused with 413; uploads have their own, larger limit.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;
const UNISHOP: &str = "/jpmall/addons/unishop";

async fn not_found() -> AppError {
    AppError::NotFound("request.not_found")
}

/// The payment simulator's pages and webhook. Its webhook exists only while the simulator is the
/// gateway (never in production): elsewhere no callback signed with any key can credit a payment. The
/// pages stay routed to answer 404 themselves, or the storefront's fallback would serve its shell.
fn simulator_routes(state: &AppState) -> Router<AppState> {
    let pages = Router::new()
        .route("/pay/{id}", get(pay::pay_page))
        .route("/pay/{id}/confirm", post(pay::confirm));
    if state.payments.simulator_on() {
        pages.route(commands::payments::NOTIFY_PATH, post(pay::notify))
    } else {
        pages
    }
}

pub fn router(state: AppState) -> Router {
    let upload_limit = DefaultBodyLimit::max(commands::uploads::MAX_UPLOAD_BYTES + 64 * 1024);
    // A product import is a sheet and a zip of its pictures.
    let import_limit = DefaultBodyLimit::max(
        commands::uploads::MAX_UPLOAD_BYTES + crate::excel::product_import::MAX_ZIP_BYTES + 64 * 1024,
    );
    // A batch upload is a sheet and a zip of its orders' labels.
    let sheet_with_labels_limit = DefaultBodyLimit::max(
        commands::uploads::MAX_UPLOAD_BYTES + crate::excel::label_zip::MAX_ZIP_BYTES + 64 * 1024,
    );
    use domain::staff::Permission as P;
    let admin = Router::new()
        .route("/sms/outbox", needs(P::OutboxRead, get(admin::outbox)))
        .route("/withdrawals", needs(P::WithdrawalsRead, get(admin::withdrawals)))
        .route(
            "/withdrawals/approve",
            needs(P::WithdrawalsWrite, post(admin::approve_withdrawal)),
        )
        .route(
            "/withdrawals/reject",
            needs(P::WithdrawalsWrite, post(admin::reject_withdrawal)),
        )
        .route("/orders", needs(P::OrdersRead, get(admin_orders::orders)))
        .route(
            "/orders/prepare_stock",
            needs(P::OrdersWrite, post(admin_orders::prepare_stock)),
        )
        .route(
            "/orders/out_of_stock",
            needs(P::OrdersWrite, post(admin_orders::out_of_stock)),
        )
        .route(
            "/orders/flag_abnormal",
            needs(P::OrdersWrite, post(admin_orders::flag_abnormal)),
        )
        .route(
            "/orders/resolve_abnormal",
            needs(P::OrdersWrite, post(admin_orders::resolve_abnormal)),
        )
        .route("/orders/ship", needs(P::OrdersWrite, post(admin_orders::ship)))
        .route(
            "/orders/complete_due",
            needs(P::OrdersWrite, post(admin_orders::complete_due)),
        )
        .route(
            "/aftersales",
            needs(P::AfterSalesRead, get(aftersale::admin_list)),
        )
        .route(
            "/aftersales/approve",
            needs(P::AfterSalesWrite, post(aftersale::approve)),
        )
        .route(
            "/aftersales/reject",
            needs(P::AfterSalesWrite, post(aftersale::reject)),
        )
        .route(
            "/aftersales/intercept",
            needs(P::AfterSalesWrite, post(aftersale::intercept)),
        )
        .route(
            "/aftersales/receive",
            needs(P::AfterSalesWrite, post(aftersale::receive)),
        )
        .route(
            "/aftersales/refund",
            needs(P::AfterSalesWrite, post(aftersale::refund)),
        )
        .route(
            "/aftersales/ship",
            needs(P::AfterSalesWrite, post(aftersale::ship)),
        )
        .route("/waves", needs(P::OrdersRead, get(admin_waves::list)))
        .route("/waves/detail", needs(P::OrdersRead, get(admin_waves::detail)))
        .route("/waves/xlsx", needs(P::OrdersRead, get(admin_waves::xlsx)))
        .route("/waves/create", needs(P::OrdersWrite, post(admin_waves::create)))
        .route("/waves/mark", needs(P::OrdersWrite, post(admin_waves::mark)))
        .route(
            "/waves/mark_all",
            needs(P::OrdersWrite, post(admin_waves::mark_all)),
        )
        .route(
            "/waves/clear_miss",
            needs(P::OrdersWrite, post(admin_waves::clear_miss)),
        )
        .route("/waves/close", needs(P::OrdersWrite, post(admin_waves::close)))
        .route(
            "/orders/to_ship",
            needs(P::OrdersRead, get(admin_shipping::to_ship)),
        )
        .route(
            "/orders/ship_batch",
            needs(P::OrdersWrite, post(admin_shipping::ship_batch)),
        )
        .route(
            "/orders/ship_import/template",
            needs(P::OrdersRead, get(admin_shipping::ship_import_template)),
        )
        .route(
            "/orders/ship_import",
            needs(P::OrdersWrite, post(admin_shipping::ship_import)).layer(upload_limit),
        )
        // A label's file is the parcel's: only who ships may open it, as `/order/label/<id>`.
        .route("/orders/label", needs(P::OrdersWrite, get(admin_shipping::label)))
        .route(
            "/orders/labels",
            needs(P::OrdersWrite, post(admin_shipping::labels)),
        )
        .route(
            "/orders/abnormal",
            needs(P::OrdersRead, get(admin_shipping::abnormal)),
        )
        .route(
            "/orders/shortages",
            needs(P::OrdersRead, get(admin_shipping::shortages)),
        )
        .route(
            "/aftersales/detail",
            needs(P::AfterSalesRead, get(admin_desk::aftersale_detail)),
        )
        .route("/ledger", needs(P::LedgersRead, get(admin_desk::ledger)))
        .route(
            "/withdrawals/payouts",
            needs(P::PayeesRead, get(admin_desk::payouts)),
        )
        .route(
            "/withdrawals/payouts/to_pay",
            needs(P::PayeesRead, get(admin_desk::payouts_to_pay)),
        )
        .route(
            "/withdrawals/reveal",
            needs(P::PayeesRead, post(admin_desk::reveal_payee)),
        )
        .route(
            "/coupons/templates",
            needs(P::CouponsRead, get(admin_desk::coupon_templates)),
        )
        .route("/notices", needs(P::NoticesWrite, get(admin_desk::notices)))
        .route("/dashboard/trend", needs(P::FiguresRead, get(admin_desk::trend)))
        .route("/coupons", needs(P::CouponsRead, get(coupon::admin_list)))
        .route("/coupons/issue", needs(P::CouponsWrite, post(coupon::issue)))
        .route("/coupons/publish", needs(P::CouponsWrite, post(coupon::publish)))
        .route(
            "/notices/publish",
            needs(P::NoticesWrite, post(admin::publish_notice)),
        )
        .route(
            "/notices/withdraw",
            needs(P::NoticesWrite, post(admin::withdraw_notice)),
        )
        .route("/staff/me", get(staff::me))
        .route("/staff/logout", post(staff::logout))
        .route("/dashboard", get(staff::dashboard))
        .route("/staff/list", needs(P::StaffManage, get(staff::list)))
        .route("/staff/add", needs(P::StaffManage, post(staff::add)))
        .route("/staff/role", needs(P::StaffManage, post(staff::change_role)))
        .route("/staff/disable", needs(P::StaffManage, post(staff::disable)))
        .route(
            "/stalls/options",
            needs(P::StaffManage, get(staff::stall_options)),
        )
        .route("/audit", needs(P::AuditRead, get(staff::audit)))
        .route(
            "/catalog/products",
            needs(P::CatalogueRead, get(catalog_admin::products)),
        )
        .route(
            "/catalog/product",
            needs(P::CatalogueRead, get(catalog_admin::product)),
        )
        .route(
            "/catalog/products/shelf",
            needs(P::CatalogueWrite, post(catalog_admin::shelf)),
        )
        .route(
            "/catalog/stock/change",
            needs(P::StockWrite, post(catalog_admin::change_stock)),
        )
        .route(
            "/catalog/stock/changes",
            needs(P::CatalogueRead, get(catalog_admin::stock_changes)),
        )
        .route(
            "/catalog/area_sites",
            needs(P::CatalogueRead, get(catalog_admin::area_sites)),
        )
        .route(
            "/catalog/markets",
            needs(P::CatalogueRead, get(catalog_admin::markets)),
        )
        .route(
            "/catalog/markets/save",
            needs(P::CatalogueWrite, post(catalog_admin::save_market)),
        )
        .route(
            "/catalog/categories",
            needs(P::CatalogueRead, get(catalog_admin::categories)),
        )
        .route(
            "/catalog/categories/save",
            needs(P::CatalogueWrite, post(catalog_admin::save_category)),
        )
        .route(
            "/catalog/stalls",
            needs(P::CatalogueRead, get(catalog_admin::stalls)),
        )
        .route(
            "/catalog/stalls/save",
            needs(P::CatalogueWrite, post(catalog_admin::save_stall)),
        )
        .route(
            "/catalog/products/save",
            needs(P::CatalogueWrite, post(catalog_admin::save_product)),
        )
        .route(
            "/catalog/pictures/upload",
            needs(P::CatalogueWrite, post(catalog_admin::upload_picture)).layer(upload_limit),
        )
        .route(
            "/catalog/imports/template",
            needs(P::ImportsWrite, get(catalog_imports::template)),
        )
        .route(
            "/catalog/imports",
            needs(P::ImportsWrite, get(catalog_imports::history))
                .merge(needs(P::ImportsWrite, post(catalog_imports::upload)).layer(import_limit)),
        )
        .route(
            "/catalog/imports/detail",
            needs(P::ImportsWrite, get(catalog_imports::detail)),
        )
        .route(
            "/catalog/imports/confirm",
            needs(P::ImportsWrite, post(catalog_imports::confirm)),
        )
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(state.clone(), staff_gate::gate))
        // Signing in is the one staff call that needs no credential.
        .route("/staff/login", post(staff::login));

    Router::new()
        .route(&format!("{UNISHOP}/index/site"), post(site::site))
        .route(&format!("{UNISHOP}/areaSite/getAreaSites"), get(site::area_sites))
        .route(&format!("{UNISHOP}/index/agreement"), get(site::agreement))
        .route(&format!("{UNISHOP}/sms/get/captcha"), get(sms::captcha))
        .route(&format!("{UNISHOP}/sms/check"), post(sms::check))
        .route(&format!("{UNISHOP}/sms/sendSmsText"), post(sms::send))
        .route(&format!("{UNISHOP}/user/register"), post(user::register))
        .route(&format!("{UNISHOP}/user/login"), post(user::login))
        .route(&format!("{UNISHOP}/user/resetpwd"), post(user::reset_password))
        .route(&format!("{UNISHOP}/user/logout"), post(user::logout))
        .route(&format!("{UNISHOP}/user/edit"), post(user::edit))
        .route(&format!("{UNISHOP}/user/changemobile"), post(user::change_mobile))
        .route(&format!("{UNISHOP}/user/user_message"), get(user::user_message))
        .route("/addons/unishop/user/user_info", get(user::user_info))
        .route("/addons/unishop/category/upload", post(upload::upload).layer(upload_limit))
        .route(&format!("{UNISHOP}/home/index"), post(catalog::home))
        .route(&format!("{UNISHOP}/category/tree"), post(catalog::category_tree))
        .route(&format!("{UNISHOP}/product/lists"), post(catalog::product_lists))
        .route(&format!("{UNISHOP}/product/suggest"), post(catalog::product_suggest))
        .route(&format!("{UNISHOP}/product/detail"), post(catalog::product_detail))
        .route(&format!("{UNISHOP}/product/favorite"), post(catalog::product_favorite))
        .route(&format!("{UNISHOP}/product/unfavorite"), post(catalog::product_unfavorite))
        .route(&format!("{UNISHOP}/product/favorites"), post(catalog::favorites))
        .route(&format!("{UNISHOP}/product/same_style"), post(catalog::same_style))
        .route(&format!("{UNISHOP}/product/same_style_image"), post(catalog::same_style_image).layer(upload_limit))
        .route(&format!("{UNISHOP}/shop/lists"), post(catalog::shop_lists))
        .route(&format!("{UNISHOP}/shop/detail"), post(catalog::shop_detail))
        .route(&format!("{UNISHOP}/shop/follow"), post(catalog::shop_follow))
        .route(&format!("{UNISHOP}/shop/unfollow"), post(catalog::shop_unfollow))
        .route(&format!("{UNISHOP}/shop/shop_like"), get(catalog::shop_like))
        .route(&format!("{UNISHOP}/notice/lists"), post(catalog::notice_lists))
        .route(&format!("{UNISHOP}/notice/detail"), post(catalog::notice_detail))
        .route(&format!("{UNISHOP}/tutorial/lists"), post(catalog::tutorial_lists))
        .route(&format!("{UNISHOP}/tutorial/detail"), post(catalog::tutorial_detail))
        .route(&format!("{UNISHOP}/resources/lists"), post(catalog::resources))
        .route(&format!("{UNISHOP}/index/all_images_download"), post(catalog::all_images_download))
        .route(&format!("{UNISHOP}/index/images_zip"), post(catalog::images_zip))
        .route("/jpmall/addons/unishop/address/area", post(address::area))
        .route(&format!("{UNISHOP}/address/lists"), post(address::lists))
        .route(&format!("{UNISHOP}/address/add"), post(address::add))
        .route(&format!("{UNISHOP}/address/edit"), post(address::edit))
        .route(&format!("{UNISHOP}/address/delete"), post(address::delete))
        .route(&format!("{UNISHOP}/address/set_default"), post(address::set_default))
        .route(&format!("{UNISHOP}/address/favorite"), post(address::favorite))
        .route("/addons/unishop/home/refund_address", get(address::refund_address))
        .route(&format!("{UNISHOP}/cart/lists"), post(cart::lists))
        .route(&format!("{UNISHOP}/cart/add"), post(cart::add))
        .route(&format!("{UNISHOP}/cart/change"), post(cart::change))
        .route(&format!("{UNISHOP}/cart/select"), post(cart::select))
        .route(&format!("{UNISHOP}/cart/remove"), post(cart::remove))
        .route(&format!("{UNISHOP}/cart/accept_prices"), post(cart::accept_prices))
        .route(&format!("{UNISHOP}/forward/settings"), post(cart::settings))
        .route(&format!("{UNISHOP}/forward/save"), post(cart::save_settings))
        .route(&format!("{UNISHOP}/fund/index"), post(fund::index))
        .route(&format!("{UNISHOP}/fund/recharge"), post(fund::recharge))
        .route(&format!("{UNISHOP}/fund/payment_status"), post(fund::payment_status))
        .route(&format!("{UNISHOP}/fund/bind_account"), post(fund::bind_account))
        .route(&format!("{UNISHOP}/fund/payout_code"), post(fund::payout_code))
        .route(&format!("{UNISHOP}/fund/withdraw"), post(fund::withdraw))
        .route(&format!("{UNISHOP}/fund/withdrawals"), post(fund::withdrawals))
        .route(&format!("{UNISHOP}/fund/ledger"), post(fund::ledger))
        .route(&format!("{UNISHOP}/order/preview"), post(order::preview))
        .route(&format!("{UNISHOP}/order/submit"), post(order::submit))
        .route(&format!("{UNISHOP}/order/item"), post(order::item))
        .route(&format!("{UNISHOP}/order/lists"), post(order::lists))
        .route(&format!("{UNISHOP}/order/detail"), post(order::detail))
        .route(&format!("{UNISHOP}/order/pay"), post(order::pay))
        .route(&format!("{UNISHOP}/order/pay_quote"), post(order_pay_batch::quote))
        .route(&format!("{UNISHOP}/order/pay_batch"), post(order_pay_batch::pay))
        .route(&format!("{UNISHOP}/order/cancel"), post(order::cancel))
        .route(&format!("{UNISHOP}/order/confirm"), post(order::confirm))
        .route(&format!("{UNISHOP}/order/review"), post(order::review))
        .route(&format!("{UNISHOP}/order/out_stock"), post(order::out_stock))
        .route(&format!("{UNISHOP}/order/abnormal"), post(order::abnormal))
        .route(&format!("{UNISHOP}/order/label"), post(labels::upload).layer(upload_limit))
        .route(&format!("{UNISHOP}/order/label/{{id}}"), get(labels::read))
        .route(&format!("{UNISHOP}/order/platform/import"), post(platform_orders::import).layer(upload_limit))
        .route(&format!("{UNISHOP}/order/platform/imports"), post(platform_orders::imports))
        .route(&format!("{UNISHOP}/order/platform/preview"), post(platform_orders::preview))
        .route(&format!("{UNISHOP}/order/platform/link"), post(platform_orders::link))
        .route(&format!("{UNISHOP}/order/platform/unlink"), post(platform_orders::unlink))
        .route(&format!("{UNISHOP}/order/platform/links"), post(platform_orders::links))
        .route(&format!("{UNISHOP}/order/platform/sku_search"), post(platform_orders::sku_search))
        .route(&format!("{UNISHOP}/order/platform/label"), post(platform_orders::attach_label))
        .route(&format!("{UNISHOP}/order/platform/order"), post(platform_orders::order))
        .route(&format!("{UNISHOP}/order/platform/writeback"), post(platform_orders::writeback))
        .route(&format!("{UNISHOP}/listing/shops"), post(listing::shops))
        .route(&format!("{UNISHOP}/listing/shop_save"), post(listing::shop_save))
        .route(&format!("{UNISHOP}/listing/shop_delete"), post(listing::shop_delete))
        .route(
            &format!("{UNISHOP}/listing/shop_template"),
            post(listing::shop_template).layer(upload_limit),
        )
        .route(
            &format!("{UNISHOP}/listing/shop_template_delete"),
            post(listing::shop_template_delete),
        )
        .route(&format!("{UNISHOP}/listing/preview"), post(listing::preview))
        .route(&format!("{UNISHOP}/listing/package"), post(listing::package))
        .route(&format!("{UNISHOP}/listing/package_job"), post(listing::package_job))
        .route(&format!("{UNISHOP}/listing/lists"), post(listing::lists))
        .route(&format!("{UNISHOP}/listing/remove"), post(listing::remove))
        .route(&format!("{UNISHOP}/listing/mark_done"), post(listing::mark_done))
        .route(&format!("{UNISHOP}/listing/export_skus"), post(listing::export_skus))
        .route(&format!("{UNISHOP}/forward/platform_rates"), post(platform_rates::rates))
        .route(&format!("{UNISHOP}/forward/platform_rates/save"), post(platform_rates::save))
        .route(&format!("{UNISHOP}/ranking/lists"), post(order::ranking_lists))
        .route(&format!("{UNISHOP}/aftersale/options"), post(aftersale::options))
        .route(&format!("{UNISHOP}/aftersale/apply"), post(aftersale::apply))
        .route(&format!("{UNISHOP}/aftersale/lists"), post(aftersale::lists))
        .route(&format!("{UNISHOP}/aftersale/detail"), post(aftersale::detail))
        .route(&format!("{UNISHOP}/aftersale/return"), post(aftersale::submit_return))
        .route(&format!("{UNISHOP}/aftersale/cancel"), post(aftersale::cancel))
        .route(&format!("{UNISHOP}/excel/export"), post(excel::export))
        .route(&format!("{UNISHOP}/excel/job"), post(excel::job))
        .route(&format!("{UNISHOP}/excel/history"), post(excel::history))
        .route(&format!("{UNISHOP}/excel/download"), post(excel::download))
        .route(&format!("{UNISHOP}/excel/template"), get(excel::template))
        .route(&format!("{UNISHOP}/excel/import"), post(excel::import).layer(sheet_with_labels_limit))
        .route(&format!("{UNISHOP}/message/lists"), post(message::lists))
        .route(&format!("{UNISHOP}/message/unread_count"), post(message::unread_count))
        .route(&format!("{UNISHOP}/message/read"), post(message::mark_read))
        .route(&format!("{UNISHOP}/message/read_all"), post(message::mark_all_read))
        .route(&format!("{UNISHOP}/coupon/lists"), post(coupon::lists))
        .route(&format!("{UNISHOP}/coupon/claimable"), post(coupon::claimable))
        .route(&format!("{UNISHOP}/coupon/claim"), post(coupon::claim))
        .route("/healthz", get(crate::operations::healthz))
        .route("/readyz", get(crate::operations::readyz))
        .route("/metrics", get(crate::operations::metrics))
        .merge(simulator_routes(&state))
        .route(crate::providers::alipay::NOTIFY_PATH, post(pay::notify_alipay))
        .route(crate::providers::wechat_pay::NOTIFY_PATH, post(pay::notify_wechat))
        .route("/media/p/{id}/{file}", get(media::product_picture))
        .route("/media/banner/{file}", get(media::banner))
        .nest("/jpmall/admin", admin)
        .nest_service(
            "/uploads",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(web::UPLOADS_CSP),
                ))
                .service(ServeDir::new(state.config.uploads_dir())),
        )
        .fallback(web::fallback)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(middleware::from_fn(crate::operations::track))
        .layer(middleware::from_fn(envelope::render))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(web::APP_CSP),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .layer(CompressionLayer::new().compress_when(web::compressible()))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or("-");
                    let client = request
                        .extensions()
                        .get::<crate::client_addr::ClientAddr>()
                        .map(|c| c.0.as_str())
                        .unwrap_or("-");
                    tracing::info_span!("request", id, client, method = %request.method(), path = %request.uri().path())
                })
                .on_response(DefaultOnResponse::new().level(tracing::Level::INFO)),
        )
        .layer(middleware::from_fn_with_state(state.clone(), crate::client_addr::resolve))
        .layer(PropagateRequestIdLayer::x_request_id())
        .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
        .with_state(state)
}
