//! Which sheet of a template takes the data, where its data starts, its language, and what each
//! column means, from the header rows above the data.

use super::{Facts, Field, Spec, TemplateError, TemplateLanguage, TemplatePlatform, Unfilled};

/// A sheet of the template as the caller read it: its name, whether the workbook hides it, and its
/// rows above the platform's first data row (each as long as its last filled cell).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SheetHead {
    pub name: String,
    pub hidden: bool,
    pub rows: Vec<Vec<String>>,
}

/// A column of the data sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// From 0 (A).
    pub index: u32,
    /// The template's code of it (Shopee's `ps_product_name`, the key row's `seller_sku`), or its
    /// first header text.
    pub code: String,
    /// The name the template shows for it.
    pub label: String,
    pub required: bool,
    /// What jpmall writes into it: only the first column of each field is filled.
    pub field: Option<Field>,
}

/// The data sheet of a template and its columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub platform: TemplatePlatform,
    pub sheet: String,
    /// The first data row, from 1.
    pub data_row: u32,
    pub language: TemplateLanguage,
    pub columns: Vec<Column>,
}

impl Layout {
    /// The column jpmall writes `field` into.
    pub fn column_of(&self, field: Field) -> Option<u32> {
        self.columns
            .iter()
            .find(|c| c.field == Some(field))
            .map(|c| c.index)
    }

    /// The required columns jpmall leaves empty: those it has nothing for, and, when the server has
    /// no public address (`pictures` false), the picture columns (the platforms take picture URLs):
    /// the required ones and the cover.
    pub fn unfilled(&self, pictures: bool) -> Vec<Unfilled> {
        self.columns
            .iter()
            .filter(|c| match c.field {
                None => c.required,
                Some(Field::Image(n)) => !pictures && (c.required || n == 0),
                Some(_) => false,
            })
            .map(|c| Unfilled {
                field: c.code.clone(),
                label: c.label.clone(),
            })
            .collect()
    }

    /// What the shop shows of its template.
    pub fn facts(&self, pictures: bool) -> Facts {
        Facts {
            sheet: self.sheet.clone(),
            data_row: self.data_row,
            language: self.language,
            unfilled: self.unfilled(pictures),
        }
    }
}

/// A header text as the specs compare it: lower case, letters and digits only (`*Seller SKU`,
/// `seller_sku` and `SellerSku` are one).
pub fn normalised(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A Shopee code cell `ps_product_name|1|0`: the code and whether the field is required.
fn shopee_code(cell: &str) -> Option<(&str, bool)> {
    let mut parts = cell.trim().split('|');
    let (code, required, kind) = (parts.next()?, parts.next()?, parts.next()?);
    let code_like = !code.is_empty()
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'));
    let flag = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    (parts.next().is_none() && code_like && flag(required) && flag(kind)).then_some((code, required == "1"))
}

/// The row of `rows` that holds Shopee's codes: the first with at least three code cells.
fn code_row(rows: &[Vec<String>]) -> Option<usize> {
    rows.iter()
        .position(|row| row.iter().filter(|c| shopee_code(c).is_some()).count() >= 3)
}

/// Texts a template marks a required column with, beside a leading `*`.
const REQUIRED_MARKS: [&str; 4] = ["mandatory", "required", "必填", "必填项"];

fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

/// The template's data sheet and columns, or why it is not `platform`'s template. `sheets` in the
/// workbook's order.
pub fn read_layout(platform: TemplatePlatform, sheets: &[SheetHead]) -> Result<Layout, TemplateError> {
    let spec = platform.spec();
    let not_it = TemplateError::NotPlatform {
        platform: platform.code(),
    };
    let head_rows = |s: &SheetHead| -> Vec<Vec<String>> {
        s.rows.iter().take(spec.data_row as usize - 1).cloned().collect()
    };
    let sheet = match platform {
        TemplatePlatform::Shopee => sheets
            .iter()
            .filter(|s| code_row(&head_rows(s)).is_some())
            .min_by_key(|s| s.hidden)
            .ok_or(not_it)?,
        TemplatePlatform::Lazada => {
            if !sheets.iter().any(|s| s.hidden) {
                return Err(not_it);
            }
            sheets
                .iter()
                .filter(|s| !s.hidden)
                .find(|s| {
                    columns(spec, &head_rows(s))
                        .iter()
                        .any(|c| c.field == Some(Field::SellerSku))
                })
                .ok_or(not_it)?
        }
        TemplatePlatform::Tiktok => sheets
            .iter()
            .find(|s| Some(s.name.as_str()) == spec.sheet)
            .ok_or(not_it)?,
    };
    let rows = head_rows(sheet);
    let columns = columns(spec, &rows);
    if !columns.iter().any(|c| c.field == Some(Field::SellerSku)) {
        return Err(TemplateError::NoSellerSku {
            platform: platform.code(),
        });
    }
    let codes = spec.code_row.then(|| code_row(&rows)).flatten();
    let chinese = rows
        .iter()
        .enumerate()
        .filter(|(n, _)| Some(*n) != codes)
        .flat_map(|(_, row)| row.iter())
        .any(|cell| cell.chars().any(is_han));
    Ok(Layout {
        platform,
        sheet: sheet.name.clone(),
        data_row: spec.data_row,
        language: if chinese {
            TemplateLanguage::Zh
        } else {
            TemplateLanguage::En
        },
        columns,
    })
}

/// The columns named in `rows` (the header rows), each with the field of `spec` it is.
fn columns(spec: &Spec, rows: &[Vec<String>]) -> Vec<Column> {
    let codes = if spec.code_row { code_row(rows) } else { None };
    if spec.code_row && codes.is_none() {
        return Vec::new();
    }
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    // The row of the names a seller reads: the first under the code (or key) row filled about as
    // fully as the fullest (a section title spans its columns in one cell, so its row is sparse).
    let filled: Vec<usize> = rows
        .iter()
        .map(|row| row.iter().filter(|c| !c.trim().is_empty()).count())
        .collect();
    let fullest = filled.iter().copied().max().unwrap_or(0);
    let key_row = codes.or_else(|| filled.iter().position(|n| *n > 0));
    let name_row =
        key_row.and_then(|key| (key + 1..rows.len()).find(|r| filled[*r] * 2 >= fullest && fullest > 0));
    let mut columns: Vec<Column> = Vec::new();
    for index in 0..width {
        let cells: Vec<(usize, &str)> = rows
            .iter()
            .enumerate()
            .filter_map(|(n, row)| row.get(index).map(|c| (n, c.trim())))
            .filter(|(_, c)| !c.is_empty())
            .collect();
        let Some(&(_, first)) = cells.first() else {
            continue;
        };
        let (code, required, names): (String, bool, Vec<String>) = match codes {
            Some(row) => {
                let Some((code, required)) = cells
                    .iter()
                    .find(|(n, _)| *n == row)
                    .and_then(|(_, c)| shopee_code(c))
                else {
                    continue;
                };
                (code.to_string(), required, vec![normalised(code)])
            }
            None => {
                let required = cells
                    .iter()
                    .any(|(_, c)| c.starts_with('*') || REQUIRED_MARKS.contains(&c.to_lowercase().as_str()));
                let names = cells.iter().map(|(_, c)| normalised(c)).collect();
                (first.trim_start_matches('*').trim().to_string(), required, names)
            }
        };
        let label = name_row
            .and_then(|row| rows[row].get(index))
            .map(|c| c.trim().trim_start_matches('*').trim())
            .filter(|c| !c.is_empty() && !REQUIRED_MARKS.contains(&c.to_lowercase().as_str()))
            .unwrap_or(code.as_str())
            .to_string();
        let field = spec
            .fields
            .iter()
            .find(|(_, synonyms)| synonyms.iter().any(|s| names.contains(&normalised(s))))
            .map(|(field, _)| *field)
            .filter(|field| !columns.iter().any(|c| c.field == Some(*field)));
        columns.push(Column {
            index: index as u32,
            code,
            label,
            required,
            field,
        });
    }
    columns
}
