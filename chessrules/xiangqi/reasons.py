"""Why a xiangqi move is illegal: codes with Vietnamese and English messages.

The codes are stable (other modules and the API key on them); the messages cite the
article of the Xiangqi Law (Luật Cờ Tướng 2004) the move breaks.
"""

REASONS: dict[str, str] = {
    "no_piece": "Không có quân ở điểm xuất phát.",
    "opponent_piece": "Quân ở điểm xuất phát là quân của đối phương, chưa đến lượt đi (Điều 4.2).",
    "bad_geometry": "Quân này không đi như vậy (Điều 4.3).",
    "out_of_palace": "Tướng và Sĩ chỉ được đi trong cung Tướng (Điều 4.3a, b).",
    "elephant_river": "Tượng không được qua sông (Điều 4.3c).",
    "blocked_eye": "Tượng bị cản ở giữa đường chéo (mắt Tượng) (Điều 4.3c).",
    "blocked_leg": "Mã bị cản ở chân (điểm liền kề theo hướng đi) (Điều 4.3e).",
    "blocked_path": "Đường đi bị quân khác cản (Điều 4.3d, g).",
    "no_screen": "Pháo ăn quân phải có đúng một ngòi ở giữa (Điều 4.3g).",
    "soldier_before_river": "Tốt chưa qua sông chỉ được tiến (Điều 4.3h).",
    "own_piece": "Không được bắt quân bên mình (Điều 5.2).",
    "flying_general": "Hai Tướng không được đối mặt trực tiếp trên một đường dọc (Điều 4.3a).",
    "leaves_check": "Nước đi để Tướng mình bị chiếu (Điều 6).",
}

REASONS_EN: dict[str, str] = {
    "no_piece": "There is no piece on the from-square.",
    "opponent_piece": "The piece on the from-square belongs to the side not to move (Điều 4.2).",
    "bad_geometry": "This piece does not move that way (Điều 4.3).",
    "out_of_palace": "The general and the advisors must stay in the palace (Điều 4.3a, b).",
    "elephant_river": "An elephant may not cross the river (Điều 4.3c).",
    "blocked_eye": "The elephant is blocked at the midpoint of its diagonal (Điều 4.3c).",
    "blocked_leg": "The horse is blocked by the piece next to it (its leg) (Điều 4.3e).",
    "blocked_path": "Another piece blocks the path (Điều 4.3d, g).",
    "no_screen": "A cannon captures over exactly one screen (Điều 4.3g).",
    "soldier_before_river": "A soldier may only go forward before it crosses the river (Điều 4.3h).",
    "own_piece": "A piece may not capture a piece of its own side (Điều 5.2).",
    "flying_general": "The two generals may not face each other on an open file (Điều 4.3a).",
    "leaves_check": "The move leaves its own general in check (Điều 6).",
}
